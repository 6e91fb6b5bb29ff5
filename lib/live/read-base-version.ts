import { ApiError } from "@/lib/errors/api-error";

const POSITIVE_INTEGER = /^[1-9]\d{0,9}$/;

/** The optional Base-Version header of a snap write (docs/API.md, "Live updates"); 400 unless a positive integer. */
export function readBaseVersion(request: Request): number | null {
  const header = request.headers.get("base-version");
  if (header === null) return null;
  const value = header.trim();
  if (!POSITIVE_INTEGER.test(value) || Number(value) > 2 ** 31 - 1) {
    throw new ApiError("BAD_REQUEST", "Base-Version must be a positive integer: the snap version your edit was based on", [
      { path: "Base-Version", message: "Expected a positive integer" },
    ]);
  }
  return Number(value);
}
