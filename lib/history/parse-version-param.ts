import { ApiError } from "@/lib/errors/api-error";
import { versionParamSchema } from "./history-schemas";

/**
 * The :version of a path as a number; 400 naming `version` when it is not a whole number from 1.
 * get_snap_version passes the number its arguments already checked.
 */
export function parseVersionParam(version: string | number): number {
  const result = versionParamSchema.safeParse({ version: String(version) });
  if (result.success) return result.data.version;
  const message = result.error.issues[0]?.message ?? "Expected a snap version";
  throw new ApiError("BAD_REQUEST", `Invalid path: version ${message}`, [{ path: "version", message }]);
}
