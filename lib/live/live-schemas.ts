import { z } from "zod";
import { idSchema } from "@/lib/validation/common";

/** PUT /api/snaps/:id/presence. */
export const presenceUpdateSchema = z.strictObject({
  connectionId: z.string().regex(/^c_[\w-]{1,64}$/, "Expected the connectionId of your event stream's ready message"),
  editingCardId: idSchema.nullable().describe("The card you are editing now, or null when you stop."),
});
export type PresenceUpdate = z.infer<typeof presenceUpdateSchema>;

/**
 * GET /api/snaps/{id}/events query. Other parameters are ignored (an EventSource URL may carry its
 * own); `since` is checked by readEventsSince, which also reads Last-Event-ID, with one message.
 */
export const snapEventsQuerySchema = z.object({
  since: z
    .string()
    .optional()
    .meta({ pattern: "^(0|[1-9][0-9]{0,9})$" })
    .describe("Resume after this snap version (as Last-Event-ID does); without it, from now."),
});
