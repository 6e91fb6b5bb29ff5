import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../errors/api-error";

const errorCodes = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The error body (docs/API.md, "Errors"), answered by every /api path for every error (errorBody builds it). */
export const errorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(errorCodes).describe('Machine-readable; the HTTP status follows from it (docs/API.md, "Errors").'),
    message: z.string().describe("For people; may change."),
    details: z
      .array(z.strictObject({ path: z.string().describe('The dotted field path, e.g. "cards.3.row", or "(body)" / "(query)".'), message: z.string() }))
      .optional()
      .describe("Present where useful, e.g. one entry per invalid field."),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
