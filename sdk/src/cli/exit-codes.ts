/** `snapboard`'s exit codes: a script can tell why a command failed without reading its message. */
import { SnapBoardError } from "../errors.js";
import { UsageError } from "./command.js";

export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  /** 401 or 403: sign in again, or the credential may not do this. */
  auth: 3,
  notFound: 4,
  /** 409 or 412: a conflict, or the resource changed meanwhile. */
  conflict: 5,
  /** 400, 413, 415: the request was refused as invalid. */
  invalid: 6,
  /** 429 or 5xx after the retries: try again later. */
  unavailable: 7,
  /** No answer from the server. */
  network: 8,
} as const;

export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (!(error instanceof SnapBoardError)) return EXIT.failed;
  if (error.status === 0) return EXIT.network;
  if (error.status === 401 || error.status === 403) return EXIT.auth;
  if (error.status === 404) return EXIT.notFound;
  if (error.status === 409 || error.status === 412) return EXIT.conflict;
  if (error.status === 429 || error.status >= 500) return EXIT.unavailable;
  if (error.status >= 400) return EXIT.invalid;
  return EXIT.failed;
}
