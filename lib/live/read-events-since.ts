import { ApiError } from "@/lib/errors/api-error";

const VERSION = /^(?:0|[1-9]\d{0,9})$/;

/**
 * Where an event stream resumes: the Last-Event-ID header (EventSource sends it when it
 * reconnects) or ?since=<version>; null when neither is given (start from now). 400 otherwise.
 */
export function readEventsSince(request: Request): number | null {
  const header = request.headers.get("last-event-id");
  const param = new URL(request.url).searchParams.get("since");
  const value = (header ?? param)?.trim();
  if (value === undefined || value === "") return null;
  if (!VERSION.test(value) || Number(value) > 2 ** 31 - 1) {
    const path = header !== null ? "Last-Event-ID" : "since";
    throw new ApiError("BAD_REQUEST", `${path} must be a snap version (a whole number)`, [{ path, message: "Expected a whole number" }]);
  }
  return Number(value);
}
