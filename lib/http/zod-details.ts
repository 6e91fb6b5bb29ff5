import type { ZodError } from "zod";
import type { ErrorDetail } from "../errors/api-error";

/**
 * Zod issues as the error body's details (docs/API.md, "Errors"): a dotted field path ("cards.3.row") and a message. An issue of
 * the whole input (unknown keys, wrong type) is named by `root`: "(body)", or "(query)" for a query.
 */
export function zodErrorDetails(error: ZodError, prefix?: string, root = "(body)"): ErrorDetail[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    return { path: path || root, message: issue.message };
  });
}
