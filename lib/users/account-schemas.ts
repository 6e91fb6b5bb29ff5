import { z } from "zod";
import { userSchema } from "./schemas";

export const EMAIL_NOTIFICATION_CHOICES = ["immediately", "daily", "never"] as const;
export const emailNotificationsSchema = z
  .enum(EMAIL_NOTIFICATION_CHOICES, { error: 'Expected "immediately", "daily" or "never"' })
  .describe("immediately: one email a minute at most, for what arrived in it; daily: one digest at 08:00 UTC; never.");

/** PATCH /api/account. */
export const accountUpdateSchema = z.strictObject({ emailNotifications: emailNotificationsSchema });
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/** GET and PATCH /api/account: the user (as sign-up answers it, with the preference) and the preference beside it. */
export const accountResponseSchema = z.object({
  user: userSchema.extend({ emailNotifications: emailNotificationsSchema }),
  emailNotifications: emailNotificationsSchema,
  emailEnabled: z.boolean().describe("Whether this server sends email at all (SMTP_URL and MAIL_FROM are set)."),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

/** POST /api/account/unsubscribe?token=…: the signed token of an email's List-Unsubscribe URL. */
export const unsubscribeQuerySchema = z.strictObject({ token: z.string().min(1, "Expected a token").max(300, "Not a token of this server") });
