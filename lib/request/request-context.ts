import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Principal } from "@/lib/request/principal";
import type { RateLimitState } from "@/lib/request/rate-limit-state";
import type { SnapWriteContext } from "./snap-write-context";

/** What one API request carries along: its id for logs and headers, and what the access log reports. */
export interface RequestContext {
  requestId: string;
  startedAt: number;
  /** The caller's address as the rate limits see it (lib/rate-limit/client-ip.ts), for the audit log. */
  clientIp?: string;
  principal?: Principal;
  /** The first 20 characters of a presented API key: public (the UI shows them), never the key. */
  keyPrefix?: string;
  /** The per-caller request budget after this request (lib/rate-limit/request-rate.ts). */
  rateLimit?: RateLimitState;
  /** A write's base version and the snap versions it produced (lib/request/snap-write-context.ts). */
  snapWrite?: SnapWriteContext;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, run: () => Promise<T>): Promise<T> {
  return storage.run(context, run);
}

/** The context of the request being handled, or undefined outside one (start-up, timers). */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Adds what the access log should report about the request being handled (if any). */
export function annotateRequest(fields: Pick<RequestContext, "keyPrefix">): void {
  const context = storage.getStore();
  if (context) Object.assign(context, fields);
}
