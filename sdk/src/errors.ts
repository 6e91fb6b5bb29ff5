import type { Error as ErrorBody } from "./generated/types.gen.js";

/** The API's error codes; each decides the HTTP status. */
export type ErrorCode = ErrorBody["error"]["code"];

/** One invalid field: its dotted path (`cards.3.row`, `update.12.row`) and what is wrong with it. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * Every failed call throws a SnapBoardError (or one of its subclasses, one per kind of failure a
 * program reacts to differently). `code` is the API's machine-readable code; `status` the HTTP
 * status (0 when no answer arrived); `requestId` is what to quote to the service's operators.
 */
export class SnapBoardError extends Error {
  override readonly name: string = "SnapBoardError";
  readonly status: number;
  readonly code: ErrorCode | "NETWORK_ERROR";
  readonly details: ErrorDetail[];
  readonly requestId: string | undefined;
  /** Seconds to wait before trying again, from Retry-After (429 and 503). */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode | "NETWORK_ERROR";
    message: string;
    details?: ErrorDetail[];
    requestId?: string;
    retryAfter?: number;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }
}

/** 400: the request is invalid; `details` names each field. */
export class ValidationError extends SnapBoardError {
  override readonly name = "ValidationError";
}
/** 401: no credential, or a wrong, expired or revoked one. */
export class AuthenticationError extends SnapBoardError {
  override readonly name = "AuthenticationError";
}
/** 403: authenticated, but not allowed (a read-only key writing, a viewer editing…). */
export class PermissionError extends SnapBoardError {
  override readonly name = "PermissionError";
}
/** 404: no such resource, or one the caller may not see. */
export class NotFoundError extends SnapBoardError {
  override readonly name = "NotFoundError";
}
/** 409: a conflict (an overlap, a limit, a reused Idempotency-Key). */
export class ConflictError extends SnapBoardError {
  override readonly name = "ConflictError";
}
/** 412: the resource changed since its ETag was read; nothing was written. */
export class PreconditionFailedError extends SnapBoardError {
  override readonly name = "PreconditionFailedError";
}
/** 429: over a rate limit; `retryAfter` says when to try again. */
export class RateLimitError extends SnapBoardError {
  override readonly name = "RateLimitError";
}
/** 500 and 503: the service failed or is unavailable for now. */
export class ServerError extends SnapBoardError {
  override readonly name = "ServerError";
}
/** No answer arrived: the connection failed or was dropped, or the request timed out. */
export class NetworkError extends SnapBoardError {
  override readonly name = "NetworkError";
}

const CLASS_BY_STATUS: Record<number, typeof SnapBoardError> = {
  400: ValidationError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  412: PreconditionFailedError,
  429: RateLimitError,
  500: ServerError,
  503: ServerError,
};

const FALLBACK_CODE: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  410: "GONE",
  412: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  503: "SERVICE_UNAVAILABLE",
};

/** Retry-After in seconds (a number of seconds or an HTTP date), if the answer has one. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get("Retry-After");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function isErrorBody(body: unknown): body is ErrorBody {
  const error = (body as ErrorBody | null)?.error;
  return typeof error === "object" && error !== null && typeof error.code === "string" && typeof error.message === "string";
}

/** The typed error for an answer that is not 2xx; `body` is its parsed JSON (or its text). */
export function errorFromResponse(response: Response, body: unknown): SnapBoardError {
  const status = response.status;
  const ErrorClass = CLASS_BY_STATUS[status] ?? (status >= 500 ? ServerError : SnapBoardError);
  const parsed = isErrorBody(body) ? body.error : undefined;
  return new ErrorClass({
    status,
    code: parsed?.code ?? FALLBACK_CODE[status] ?? "INTERNAL_SERVER_ERROR",
    message: parsed?.message ?? (typeof body === "string" && body ? body.slice(0, 500) : `HTTP ${status}`),
    details: parsed?.details,
    requestId: response.headers.get("X-Request-Id") ?? undefined,
    retryAfter: retryAfterSeconds(response.headers),
  });
}

/** The typed error for a request that got no answer. */
export function networkError(cause: unknown): NetworkError {
  const message = cause instanceof Error ? cause.message : String(cause);
  return new NetworkError({ status: 0, code: "NETWORK_ERROR", message: `No answer from the server: ${message}`, cause });
}
