import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { ApiError } from "@/lib/errors/api-error";
import { db } from "./client";
import type { Prisma } from "./generated/client";

export type Tx = Prisma.TransactionClient;

const MAX_ATTEMPTS = 5;
// PostgreSQL's deadlock and serialization failures: the transaction was rolled back whole, so
// running it again is safe and is what the caller would have to do anyway.
const RETRYABLE_SQLSTATES = new Set(["40P01", "40001"]);

/** The transaction a runTransaction call is running in, for calls nested inside its work. */
const enclosing = new AsyncLocalStorage<Tx>();

/** The transaction of the runTransaction call around the caller, if any (lib/db/run-write-statement.ts joins it). */
export function currentTransaction(): Tx | undefined {
  return enclosing.getStore();
}

/**
 * Runs `work` in one interactive transaction, again (up to 5 times, with jitter) when PostgreSQL
 * aborts it for a deadlock or serialization failure, so such a race never surfaces as a 500.
 * Called inside another runTransaction's work, it joins that transaction (which retries the whole),
 * so a wrapper such as withIdempotency commits its own row and the write it wraps together.
 */
export async function runTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const outer = enclosing.getStore();
  if (outer) return work(outer);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction((tx) => enclosing.run(tx, () => work(tx)), { maxWait: 5_000, timeout: 15_000 });
    } catch (error) {
      if (isWriteConflict(error) && attempt < MAX_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
        continue;
      }
      if (isWriteConflict(error)) throw new ApiError("CONFLICT", "The data changed concurrently; try again");
      if (isPoolExhausted(error)) throw new ApiError("SERVICE_UNAVAILABLE", "The database is busy; try again");
      throw error;
    }
  }
}

interface PrismaLikeError {
  code?: unknown;
  message?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } };
}

function isWriteConflict(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, meta } = error as PrismaLikeError;
  // P2034: a model query hit 40001/40P01; raw queries report P2010 with the driver's cause.
  if (code === "P2034") return true;
  const cause = meta?.driverAdapterError?.cause;
  return cause?.kind === "TransactionWriteConflict" || RETRYABLE_SQLSTATES.has(String(cause?.originalCode));
}

/** P2028 "Unable to start a transaction in the given time": every connection is busy. */
function isPoolExhausted(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as PrismaLikeError;
  return code === "P2028" && typeof message === "string" && message.includes("Unable to start a transaction");
}
