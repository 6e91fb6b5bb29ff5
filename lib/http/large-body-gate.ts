import { AsyncLocalStorage } from "node:async_hooks";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";
import { recordLargeBodyGate } from "@/lib/metrics/record-large-body-gate";
import { guardBodyRate } from "./body-rate-guard";

/**
 * A body over this size (or of unknown size) takes a turn at the gate: parsed, validated and
 * written, a maximal many-card change holds tens of megabytes, and ten at once ran a 256 MB heap
 * out (docs/SECURITY.md, "Large bodies"). A gesture's change is a few kilobytes and never waits.
 */
export const LARGE_BODY_BYTES = 256 * 1024;
const MAX_WAIT_MS = 30_000;
/** Requests of one user that may wait for a turn at once; the rest are refused at once. */
export const LARGE_BODIES_WAITING_PER_USER = 4;

interface Waiter {
  userId: string;
  admit: () => void;
}

/** The turns held, in all and by each user, and the requests waiting, in the order they came. */
let inFlight = 0;
const heldBy = new Map<string, number>();
const waiting: Waiter[] = [];

/** A held turn: the request's handler holds it, and so does work it leaves running (an MCP task). */
interface Turn {
  holds: number;
  end: () => void;
}
const currentTurn = new AsyncLocalStorage<Turn>();

/** Whether the request may carry a body past LARGE_BODY_BYTES: its Content-Length says so, or it has none. */
export function mayCarryLargeBody(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "DELETE") return false;
  const declared = request.headers.get("content-length");
  return declared === null || Number(declared) > LARGE_BODY_BYTES;
}

function busy(message: string): ApiError {
  return new ApiError("SERVICE_UNAVAILABLE", message, undefined, { "Retry-After": "2" });
}

/** Shows the gate's state on /metrics (`large_body_turns_in_flight`, `large_body_requests_waiting`). */
function changed(): void {
  recordLargeBodyGate(inFlight, waiting.length);
}

function heldTurns(userId: string): number {
  return heldBy.get(userId) ?? 0;
}

function mayHoldAnother(userId: string): boolean {
  const { LARGE_BODIES_IN_FLIGHT: limit, LARGE_BODIES_PER_USER: perUser } = config();
  return inFlight < limit && heldTurns(userId) < perUser;
}

function hold(userId: string): () => void {
  inFlight++;
  heldBy.set(userId, heldTurns(userId) + 1);
  changed();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight--;
    const left = heldTurns(userId) - 1;
    if (left > 0) heldBy.set(userId, left);
    else heldBy.delete(userId);
    admitWaiting();
    changed();
  };
}

/** Each free turn goes to the first in line whose user holds fewer than LARGE_BODIES_PER_USER. */
function admitWaiting(): void {
  for (let index = 0; index < waiting.length;) {
    const waiter = waiting[index]!;
    if (!mayHoldAnother(waiter.userId)) {
      index++;
      continue;
    }
    waiting.splice(index, 1);
    waiter.admit();
  }
}

/**
 * Waits for a turn: first come, first served among the users who hold fewer than
 * LARGE_BODIES_PER_USER turns, so that one user's requests never hold them all. At most
 * LARGE_BODIES_WAITING wait in all, LARGE_BODIES_WAITING_PER_USER of one user, each for MAX_WAIT_MS;
 * the body stays unread in the socket meanwhile. Resolves to the function that ends the turn.
 */
async function takeTurn(userId: string, signal: AbortSignal): Promise<() => void> {
  if (mayHoldAnother(userId)) return hold(userId);
  if (waiting.length >= config().LARGE_BODIES_WAITING) throw busy("Too many large requests at once; retry shortly");
  if (waiting.filter((waiter) => waiter.userId === userId).length >= LARGE_BODIES_WAITING_PER_USER) {
    throw busy(`You have ${LARGE_BODIES_WAITING_PER_USER} large requests waiting for a turn already; retry when one has finished`);
  }
  return new Promise<() => void>((resolve, reject) => {
    const waiter: Waiter = {
      userId,
      admit: () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", leave);
        resolve(hold(userId));
      },
    };
    const leave = () => {
      const index = waiting.indexOf(waiter);
      if (index >= 0) waiting.splice(index, 1);
      changed();
      clearTimeout(timer);
      reject(signal.aborted ? new ApiError("BAD_REQUEST", "The request was abandoned") : busy("Large requests are queued; retry shortly"));
    };
    const timer = setTimeout(leave, MAX_WAIT_MS);
    signal.addEventListener("abort", leave, { once: true });
    waiting.push(waiter);
    changed();
  });
}

/**
 * `handler` run for `request` of `userId`, after a turn at the gate when the body may be large; the
 * handler reads the body through a guard that drops it when it trickles (lib/http/body-rate-guard.ts).
 * The turn ends when the handler has answered and every hold it took (keepLargeBodyTurn) is released.
 */
export async function throughLargeBodyGate<Result>(request: Request, userId: string, handler: (request: Request) => Promise<Result>): Promise<Result> {
  if (!mayCarryLargeBody(request)) return handler(request);
  const turn: Turn = { holds: 1, end: await takeTurn(userId, request.signal) };
  const guarded = guardBodyRate(request, config().LARGE_BODY_MIN_BYTES_PER_SECOND);
  try {
    return await currentTurn.run(turn, () => handler(guarded.request));
  } catch (error) {
    throw guarded.tooSlow() ?? error;
  } finally {
    guarded.stop();
    release(turn);
  }
}

function release(turn: Turn): void {
  turn.holds--;
  if (turn.holds === 0) turn.end();
}

/**
 * Keeps the current request's turn, if it holds one, past its answer until the returned function is
 * called: work it leaves running (an MCP task) holds the memory the turn bounds. A no-op outside a turn.
 */
export function keepLargeBodyTurn(): () => void {
  const turn = currentTurn.getStore();
  if (!turn) return () => {};
  turn.holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release(turn);
  };
}
