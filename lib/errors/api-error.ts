/** The one code-to-status table of the API (docs/API.md, "Errors"). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** A large body that arrived too slowly to keep its turn (lib/http/body-rate-guard.ts). */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  /** A feed cursor older than the events kept (lib/events/feed-cursor.ts). */
  GONE: 410,
  /** An Idempotency-Key sent again with a different request (lib/http/with-idempotency.ts). */
  IDEMPOTENCY_KEY_REUSED: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  path: string;
  message: string;
}

/** Thrown anywhere in lib; the route wrapper turns it into the error body. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
