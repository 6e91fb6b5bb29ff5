import { ZodError } from "zod";
import { logger } from "@/lib/log/logger";
import { ApiError, ERROR_STATUS, type ErrorCode, type ErrorDetail } from "../errors/api-error";
import { isDatabaseUnavailable } from "../errors/is-database-unavailable";
import { snapContentBudgetError } from "../errors/snap-content-budget-error";
import { zodErrorDetails } from "./zod-details";

export function errorBody(code: ErrorCode, message: string, details?: ErrorDetail[]) {
  return { error: details?.length ? { code, message, details } : { code, message } };
}

/** How long a client should wait before retrying after a 503 (database down or saturated). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = "5";

export function errorResponse(code: ErrorCode, message: string, details?: ErrorDetail[], headers?: HeadersInit): Response {
  const response = Response.json(errorBody(code, message, details), { status: ERROR_STATUS[code], headers });
  // Every 503 tells the client when to retry, whichever layer noticed the outage.
  if (code === "SERVICE_UNAVAILABLE" && !response.headers.has("Retry-After")) response.headers.set("Retry-After", UNAVAILABLE_RETRY_AFTER_SECONDS);
  return response;
}

/** Anything thrown by a handler becomes the error body (docs/API.md, "Errors"); only the unexpected is a logged 500. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof ApiError) return errorResponse(error.code, error.message, error.details, error.headers);
  if (error instanceof ZodError) return errorResponse("BAD_REQUEST", "Invalid request", zodErrorDetails(error));
  const overBudget = snapContentBudgetError(error);
  if (overBudget) return toErrorResponse(overBudget);
  if (isDatabaseUnavailable(error)) {
    logger.error({ err: error }, "database unavailable");
    return errorResponse("SERVICE_UNAVAILABLE", "The service is temporarily unavailable; retry shortly");
  }
  // Never echo the error to the caller: it may hold SQL or internals. Log it without request data.
  logger.error({ err: error }, "unexpected error");
  return errorResponse("INTERNAL_SERVER_ERROR", "Something went wrong on our side");
}
