import { z } from "zod";

/** An import job as its 202 answers show it (docs/API.md, "Import jobs"). */
export const importJobSchema = z.object({
  id: z.string(),
  status: z.enum(["running", "done", "failed"]).describe("running; done: GET its url for the snap (201); failed: GET its url for the error."),
  progress: z
    .object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
    .describe("Files (a .snap.zip) or cards (a workbook, a CSV) done of total; total is 0 until known."),
  url: z.string().describe("GET it for the job: 202 while it runs, 201 with the snap, or the refusal's error."),
});

export const importJobResponseSchema = z.object({ job: importJobSchema });

export type ImportJobView = z.output<typeof importJobSchema>;
