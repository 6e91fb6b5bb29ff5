import { z } from "zod";

/**
 * GET /api/health: the app's version and whether the database answers in time; while the instance
 * stops (SIGTERM), "draining" at once, without asking the database.
 */
export const healthSchema = z.object({
  status: z.enum(["ok", "degraded", "draining"]),
  version: z.string(),
  database: z.enum(["reachable", "unreachable"]).optional().describe("Absent while draining."),
});
export type Health = z.infer<typeof healthSchema>;
