import "server-only";
import { createHash } from "node:crypto";
import { isDatabaseUnavailable } from "@/lib/errors/is-database-unavailable";
import { logger } from "@/lib/log/logger";
import type { WindowCount } from "./counter-store";
import { rateLimitedError } from "./rate-limited-error";
import { sharedCounterStore } from "./shared-counter-store";

/** One counter an attempt is charged to: a kind (ip, key prefix, email) and the value's. */
export interface AttemptBudget {
  kind: string;
  value: string;
  limit: number;
}

export interface Attempt {
  budgets: AttemptBudget[];
  windowMs: number;
  /** What the 429 says, e.g. "Too many failed authentications from this address". */
  message: string;
}

/** Budgets known to be spent, until their window ends: refused here without a store round trip. */
const blockedUntil = new Map<string, number>();
const MAX_BLOCKS = 100_000;

/**
 * Throws 429 when any of the attempt's budgets is spent. Reads the shared store, so call it only
 * on the rare paths (before a bcrypt compare, a sign-in, a failure), never per request.
 */
export async function assertAttemptAllowed(attempt: Attempt): Promise<void> {
  const budgets = activeBudgets(attempt);
  assertNotBlocked(budgets, attempt.message);
  const counts = await addToAll(budgets, 0, attempt.windowMs);
  if (counts) refuseIfSpent(budgets, counts, (count, limit) => count >= limit, attempt.message);
}

/** Charges the attempt to each budget; throws 429 when that went past a limit. */
export async function countAttempt(attempt: Attempt): Promise<void> {
  const budgets = activeBudgets(attempt);
  const counts = await addToAll(budgets, 1, attempt.windowMs);
  if (counts) refuseIfSpent(budgets, counts, (count, limit) => count > limit, attempt.message);
}

function activeBudgets(attempt: Attempt): AttemptBudget[] {
  return attempt.budgets.filter((budget) => budget.limit > 0);
}

/**
 * The budgets' counts after adding `amount`, or null when the store failed for another reason than
 * the database being down (then the request fails with 503 anyway): a Redis outage lets attempts
 * through, with a warning, rather than locking everyone out.
 */
async function addToAll(budgets: AttemptBudget[], amount: number, windowMs: number): Promise<WindowCount[] | null> {
  try {
    return await Promise.all(budgets.map((budget) => sharedCounterStore().add(counterKey(budget), amount, windowMs)));
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: error }, "rate-limit store failed; attempt let through");
    return null;
  }
}

function assertNotBlocked(budgets: AttemptBudget[], message: string): void {
  const now = Date.now();
  for (const budget of budgets) {
    const until = blockedUntil.get(counterKey(budget));
    if (until !== undefined && until > now) throw rateLimitedError(message, until);
  }
}

function refuseIfSpent(budgets: AttemptBudget[], counts: WindowCount[], spent: (count: number, limit: number) => boolean, message: string): void {
  let refusedUntil = 0;
  budgets.forEach((budget, index) => {
    const counted = counts[index];
    if (!counted || counted.count < budget.limit) return;
    const resetAt = Date.now() + counted.resetInMs;
    block(counterKey(budget), resetAt);
    if (spent(counted.count, budget.limit)) refusedUntil = Math.max(refusedUntil, resetAt);
  });
  if (refusedUntil > 0) throw rateLimitedError(message, refusedUntil);
}

function block(key: string, until: number): void {
  if (blockedUntil.size >= MAX_BLOCKS) blockedUntil.clear();
  blockedUntil.set(key, until);
}

/** Hashed, so the store holds no addresses or emails and keys stay short whatever was sent. */
function counterKey(budget: AttemptBudget): string {
  return `${budget.kind}:${createHash("sha256").update(budget.value).digest("base64url").slice(0, 22)}`;
}
