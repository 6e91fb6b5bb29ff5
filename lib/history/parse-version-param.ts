import { ApiError } from "@/lib/http/api-error";
import { versionParamSchema } from "./history-schemas";

/** The :version of a path as a number; 400 naming `version` when it is not a whole number from 1. */
export function parseVersionParam(text: string): number {
  const result = versionParamSchema.safeParse({ version: text });
  if (result.success) return result.data.version;
  const message = result.error.issues[0]?.message ?? "Expected a snap version";
  throw new ApiError("BAD_REQUEST", `Invalid path: version ${message}`, [{ path: "version", message }]);
}
