import "server-only";
import { randomUUID } from "node:crypto";

/** A caller's own id is kept when it is short and plain, so logs can be joined across services. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
