import { z } from "zod";

/** What the document says of every email, as the server holds them to it (a transform hides it otherwise). */
const EMAIL_FORMAT = { format: "email", maxLength: 254 };

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid email address" }).max(254, "Email is too long"))
  .meta(EMAIL_FORMAT);

/** Long enough to resist guessing, short enough that bcrypt sees all of it (72 bytes). */
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(72, "Password must be at most 72 characters")
  .refine((value) => /[A-Za-z]/.test(value) && /[^A-Za-z]/.test(value), {
    error: "Password must mix letters with digits or symbols",
  })
  .refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()), { error: "This password is too common" });

const COMMON_PASSWORDS = new Set(["password1", "password123", "qwerty123", "12345678a", "abc12345", "letmein1", "welcome1", "iloveyou1"]);

export const userNameSchema = z.string().trim().max(100, "Name must be at most 100 characters");

export const signUpInputSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: userNameSchema.optional(),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const signInInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Password is required").max(200),
});

/** What the API shows of a user. */
/** An email as the server answers it: one that passed emailSchema. */
export const storedEmailSchema = z.string().meta(EMAIL_FORMAT);

export const userSchema = z.object({ id: z.string(), email: storedEmailSchema, name: z.string().nullable() });
export const userResponseSchema = z.object({ user: userSchema });

/** PUT /api/account/password. currentPassword may be left out only by an account that has none (single sign-on). */
export const changePasswordInputSchema = z.strictObject({
  currentPassword: z.string().max(200, "Must be at most 200 characters").optional(),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
