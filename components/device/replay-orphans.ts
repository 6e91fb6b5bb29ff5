import type { ApiResult } from "@/components/http/call-api";
import type { ChangesAnswer } from "@/components/board/live/card-changes";
import { sendUntilAnswered, type Request } from "@/components/board/live/send-until-answered";
import { toHttpRequest } from "@/components/board/live/wire-request";
import { BoardIdMap } from "@/components/board/state/board-id-map";
import { tabLockName, type ChangeQueue, type IdLink, type QueuedChange } from "./change-queue";

export interface ReplayOutcome {
  sent: number;
  /** Changes the server refused: they cannot be saved, and are said. */
  refused: { snapId: string; message: string }[];
}

/**
 * Sends the changes of tabs that are gone (closed, crashed, reloaded): those whose tab's Web Lock
 * is free. In order per board, each with the Idempotency-Key it was queued with, so one that reached
 * the server before its tab died is applied once. A change is settled (taken off the device) only
 * with a final answer; one that cannot go now stays for the next time.
 */
export async function replayOrphans(queue: ChangeQueue, liveLocks: ReadonlySet<string>, request?: Request, signal?: AbortSignal): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { sent: 0, refused: [] };
  const orphans = (await queue.list()).filter((change) => !liveLocks.has(tabLockName(change.tabId)));
  const bySnap = new Map<string, (QueuedChange & { seq: number })[]>();
  for (const change of orphans) bySnap.set(change.snapId, [...(bySnap.get(change.snapId) ?? []), change]);
  for (const [snapId, changes] of bySnap) {
    const ids = new BoardIdMap();
    for (const link of await queue.links(snapId)) ids.link(link.localId, link.serverId);
    for (const change of changes) {
      if (signal?.aborted) return outcome;
      const http = toHttpRequest(snapId, change.request, (id) => ids.serverIdOf(id));
      let links: IdLink[] = [];
      if (http) {
        const result = await sendUntilAnswered(http, { idempotencyKey: change.key, baseVersion: change.baseVersion, request, signal });
        if (signal?.aborted && !result.ok) return outcome;
        links = linksOf(snapId, change, result);
        for (const link of links) ids.link(link.localId, link.serverId);
        if (result.ok) outcome.sent += 1;
        else if (!(change.request.kind === "deleteLine" && result.status === 404)) outcome.refused.push({ snapId, message: result.error.message });
      }
      await queue.settle(change.seq, links);
    }
    await queue.forgetLinks(snapId);
  }
  return outcome;
}

function linksOf(snapId: string, change: QueuedChange, result: ApiResult<unknown>): IdLink[] {
  if (!result.ok) return [];
  const { request } = change;
  if (request.kind === "changes") {
    const { created } = result.data as ChangesAnswer;
    return created.flatMap((card, index) => {
      const localId = request.createIds[index];
      return localId ? [{ snapId, localId, serverId: card.id }] : [];
    });
  }
  if (request.kind === "createLine") return [{ snapId, localId: request.line.id, serverId: (result.data as { line: { id: string } }).line.id }];
  return [];
}
