import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/** What one API write knows about the snap versions it produces (lib/live/record-snap-changes.ts). */
export interface SnapWriteContext {
  /** The Base-Version request header: the snap version the client's edit was based on. */
  baseVersion: number | null;
  /** The new version of every snap the write changed, in the order they were recorded. */
  versions: Map<string, number>;
}

// Carried implicitly, like runTransaction's transaction: every write path (routes, MCP tools)
// records its changes the same way, without threading a header through each domain function.
const storage = new AsyncLocalStorage<SnapWriteContext>();

/** Runs one write with the given base version and collects the snap versions it produces. */
export async function runSnapWrite<T>(baseVersion: number | null, work: () => Promise<T>): Promise<{ result: T; versions: Map<string, number> }> {
  const context: SnapWriteContext = { baseVersion, versions: new Map() };
  const result = await storage.run(context, work);
  return { result, versions: context.versions };
}

export function currentSnapWrite(): SnapWriteContext | undefined {
  return storage.getStore();
}

/** Reports a write's new snap version to the request (the Snap-Version header) when recordSnapChanges did not run. */
export function reportSnapVersion(snapId: string, version: number): void {
  storage.getStore()?.versions.set(snapId, version);
}
