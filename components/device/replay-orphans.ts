import type { ApiResult } from "@/components/http/call-api";
import type { ChangesAnswer } from "@/components/board/live/card-changes";
import { sendUntilAnswered, type Request } from "@/components/board/live/send-until-answered";
import { mergeUpdateRun, runKey, toHttpRequest, toSendable, updateRunLength } from "@/components/board/live/wire-request";
import { BoardIdMap } from "@/components/board/state/board-id-map";
import { mergeReportOf, type MergeReport } from "@/components/board/live/merge-notice";
import { tabLockName, type ChangeQueue, type IdLink, type QueuedChange } from "./change-queue";

export interface ReplayOutcome {
  sent: number;
  /** Changes the server refused: they cannot be saved, and are said. */
  refused: { snapId: string; message: string }[];
  /** What the saved changes met (docs/SAVING.md, "When someone else changed the same thing"): said too. */
  merged: MergeReport[];
}

/**
 * Sends the changes of tabs that are gone (closed, crashed, reloaded): those whose tab's Web Lock
 * is free. In order per board, each with the Idempotency-Key it was queued with, so one that reached
 * the server before its tab died is applied once. A change is settled (taken off the device) only
 * with a final answer; one that cannot go now stays for the next time.
 */
export async function replayOrphans(queue: ChangeQueue, liveLocks: ReadonlySet<string>, send?: Request, signal?: AbortSignal): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { sent: 0, refused: [], merged: [] };
  const orphans = (await queue.list()).filter((change) => !liveLocks.has(tabLockName(change.tabId)));
  const bySnap = new Map<string, (QueuedChange & { seq: number })[]>();
  for (const change of orphans) bySnap.set(change.snapId, [...(bySnap.get(change.snapId) ?? []), change]);
  for (const [snapId, changes] of bySnap) {
    const ids = new BoardIdMap();
    for (const link of await queue.links(snapId)) ids.link(link.localId, link.serverId);
    /** A merged run that was refused is sent again one by one: only the change refused is lost. */
    let aloneUntil = 0;
    for (let index = 0; index < changes.length;) {
      if (signal?.aborted) return outcome;
      // Card updates in a row go out together, as the board's own queue sends them (updateRunLength).
      const length = index < aloneUntil ? 1 : updateRunLength(changes.slice(index).map((change) => change.request));
      const run = changes.slice(index, index + length);
      const first = run[0]!;
      const request = toSendable(mergeUpdateRun(run.map((change) => change.request)), (id) => ids.serverIdOf(id));
      index += run.length;
      const http = toHttpRequest(snapId, request, (id) => ids.serverIdOf(id));
      let links: IdLink[] = [];
      if (http) {
        const key = runKey(first.key, run.length);
        const result = await sendUntilAnswered(http, { idempotencyKey: key, baseVersion: first.baseVersion, request: send, signal });
        if (signal?.aborted && !result.ok) return outcome;
        if (!result.ok && run.length > 1) {
          aloneUntil = index;
          index -= run.length;
          continue;
        }
        links = linksOf(snapId, { ...first, request }, result);
        for (const link of links) ids.link(link.localId, link.serverId);
        if (result.ok) {
          outcome.sent += run.length;
          const report = mergeReportOf(result.data as ChangesAnswer, new Set(request.update.map((item) => item.id)), (id) => id);
          if (report) outcome.merged.push(report);
        } else outcome.refused.push({ snapId, message: result.error.message });
      }
      for (const change of run) await queue.settle(change.seq, change === first ? links : []);
    }
    await queue.forgetLinks(snapId);
  }
  return outcome;
}

function linksOf(snapId: string, change: QueuedChange, result: ApiResult<unknown>): IdLink[] {
  if (!result.ok) return [];
  const { request } = change;
  const answer = result.data as ChangesAnswer;
  const cards = answer.created.flatMap((card, index) => {
    const localId = request.createIds[index];
    return localId ? [{ snapId, localId, serverId: card.id }] : [];
  });
  // The request as sent (toSendable): its new lines are answered in order.
  const lines = (answer.lines?.created ?? []).flatMap((line, index) => {
    const localId = request.lines?.create[index]?.id;
    return localId ? [{ snapId, localId, serverId: line.id }] : [];
  });
  return [...cards, ...lines];
}
