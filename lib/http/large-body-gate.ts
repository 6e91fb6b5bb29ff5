import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";

/**
 * A body over this size (or of unknown size) takes a turn at the gate: parsed, validated and
 * written, a maximal many-card change holds tens of megabytes, and ten at once ran a 256 MB heap
 * out (docs/SECURITY.md, "Large bodies"). A gesture's change is a few kilobytes and never waits.
 */
export const LARGE_BODY_BYTES = 256 * 1024;
const MAX_WAIT_MS = 30_000;

interface Waiter {
  admit: () => void;
}

let inFlight = 0;
const waiting: Waiter[] = [];

/** Whether the request may carry a body past LARGE_BODY_BYTES: its Content-Length says so, or it has none. */
export function mayCarryLargeBody(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "DELETE") return false;
  const declared = request.headers.get("content-length");
  return declared === null || Number(declared) > LARGE_BODY_BYTES;
}

function busy(message: string): ApiError {
  return new ApiError("SERVICE_UNAVAILABLE", message, undefined, { "Retry-After": "2" });
}

/**
 * Waits for a turn (first come, first served), at most LARGE_BODIES_WAITING waiting at once and for
 * MAX_WAIT_MS; the body stays unread in the socket meanwhile. Resolves to the function that ends the turn.
 */
async function takeTurn(signal: AbortSignal): Promise<() => void> {
  const { LARGE_BODIES_IN_FLIGHT: limit, LARGE_BODIES_WAITING: queueLimit } = config();
  if (inFlight < limit && waiting.length === 0) {
    inFlight++;
    return endTurn;
  }
  if (waiting.length >= queueLimit) throw busy("Too many large requests at once; retry shortly");
  await new Promise<void>((resolve, reject) => {
    const waiter: Waiter = {
      admit: () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", leave);
        resolve();
      },
    };
    const leave = () => {
      const index = waiting.indexOf(waiter);
      if (index >= 0) waiting.splice(index, 1);
      clearTimeout(timer);
      reject(signal.aborted ? new ApiError("BAD_REQUEST", "The request was abandoned") : busy("Large requests are queued; retry shortly"));
    };
    const timer = setTimeout(leave, MAX_WAIT_MS);
    signal.addEventListener("abort", leave, { once: true });
    waiting.push(waiter);
  });
  return endTurn;
}

function endTurn(): void {
  const next = waiting.shift();
  // The turn passes straight to the next in line, so the count stays as it is.
  if (next) next.admit();
  else inFlight--;
}

/** `handler` run for `request`, after a turn at the gate when the body may be large. */
export async function throughLargeBodyGate<Result>(request: Request, handler: () => Promise<Result>): Promise<Result> {
  if (!mayCarryLargeBody(request)) return handler();
  const end = await takeTurn(request.signal);
  try {
    return await handler();
  } finally {
    end();
  }
}
