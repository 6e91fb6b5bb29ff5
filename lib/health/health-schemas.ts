import { z } from "zod";

/** GET /api/health: the app's version and whether the database answers in time. */
export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.enum(["reachable", "unreachable"]),
});
export type Health = z.infer<typeof healthSchema>;

