import "server-only";
import { currentRequestContext } from "@/lib/request/request-context";

/** What one API write knows about the snap versions it produces (lib/live/record-snap-changes.ts). */
export interface SnapWriteContext {
  /** The Base-Version request header: the snap version the client's edit was based on. */
  baseVersion: number | null;
  /** The new version of every snap the write changed, in the order they were recorded. */
  versions: Map<string, number>;
}

/**
 * Runs one write request with the given base version and collects the snap versions it produces.
 * Carried implicitly, like runTransaction's transaction, so every write path (routes, MCP tools)
 * records its changes the same way without threading a header through each domain function; it
 * rides on the request's own context (lib/request/request-context.ts) rather than an async context
 * of its own, which cost each write a second one (docs/PERFORMANCE.md, "Single writes").
 */
export async function runSnapWrite<T>(baseVersion: number | null, work: () => Promise<T>): Promise<{ result: T; versions: Map<string, number> }> {
  const request = currentRequestContext();
  if (!request) throw new Error("runSnapWrite runs inside a request (lib/http/run-request.ts)");
  const context: SnapWriteContext = { baseVersion, versions: new Map() };
  request.snapWrite = context;
  return { result: await work(), versions: context.versions };
}

export function currentSnapWrite(): SnapWriteContext | undefined {
  return currentRequestContext()?.snapWrite;
}

/** Reports a write's new snap version to the request (the Snap-Version header) when recordSnapChanges did not run. */
export function reportSnapVersion(snapId: string, version: number): void {
  currentSnapWrite()?.versions.set(snapId, version);
}
