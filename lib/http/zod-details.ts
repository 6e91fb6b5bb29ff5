import type { ZodError } from "zod";
import type { ErrorDetail } from "./api-error";

/** Zod issues as DESIGN's details: a dotted field path ("cards.3.row") and a message. */
export function zodErrorDetails(error: ZodError, prefix?: string): ErrorDetail[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    return { path: path || "(body)", message: issue.message };
  });
}
