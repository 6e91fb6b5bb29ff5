import { z } from "zod";
import { idSchema } from "@/lib/validation/common";

/** PUT /api/snaps/:id/presence. */
export const presenceUpdateSchema = z.strictObject({
  connectionId: z.string().regex(/^c_[\w-]{1,64}$/, "Expected the connectionId of your event stream's ready message"),
  editingCardId: idSchema.nullable().describe("The card you are editing now, or null when you stop."),
});
export type PresenceUpdate = z.infer<typeof presenceUpdateSchema>;

/** GET /api/snaps/:id/events query (read by readEventsSince, which also takes Last-Event-ID). */
export const snapEventsQuerySchema = z.strictObject({
  since: z.number().int().min(0).optional().describe("Resume after this snap version (as Last-Event-ID does); without it, from now."),
});
