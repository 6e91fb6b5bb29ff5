import { MAX_CHANGE_ITEMS } from "@/lib/board-model/card-constants";
import type { SnapChangesInput } from "@/lib/board-model/change-schemas";
import type { Change } from "../state/board-changes";
import type { BoardCard, BoardLine, CardPatch, LinePatch, SnapPatch } from "../state/board-types";
import { groupCardChanges, type CardGroup } from "./card-changes";

type WireCard = Omit<BoardCard, "id" | "attachments"> & { attachments?: string[] };
type WireCardPatch = Omit<CardPatch, "attachments"> & { attachments?: string[] };

/**
 * One request of a gesture, as it is queued on the device: in the board's ids (a card made here
 * has its server id only once its create is answered), so that it can be written before it is
 * sent. `toHttpRequest` puts the server's ids in when it goes out.
 */
export type WireRequest =
  | {
      kind: "changes";
      /** POST /api/snaps/:id/changes; creates in the order of createIds, the board's ids of the new cards. */
      create: WireCard[];
      createIds: string[];
      update: (WireCardPatch & { id: string })[];
      delete: string[];
    }
  | { kind: "snap"; patch: SnapPatch }
  | { kind: "createLine"; line: BoardLine }
  | { kind: "updateLine"; lineId: string; patch: LinePatch }
  | { kind: "deleteLine"; lineId: string };

/** A request as fetch sends it; `idempotent` when its operation honours Idempotency-Key. */
export interface HttpRequest {
  method: string;
  path: string;
  body?: unknown;
  idempotent: boolean;
}

/** The server's id of a board id, or undefined when the server has none (its create failed or is not answered). */
export type ServerIdOf = (localId: string) => string | undefined;

/**
 * A gesture's changes as requests, in order: its card edits as one change (POST …/changes; several
 * only past 5,000 items), then its snap fields, then its line edits.
 */
export function toWireRequests(changes: readonly Change[]): WireRequest[] {
  const requests: WireRequest[] = [];
  const group = groupCardChanges(changes);
  if (group) requests.push(...changeRequests(group));
  let snap: SnapPatch = {};
  for (const change of changes) {
    if (change.type === "updateSnap") snap = { ...snap, ...change.after };
  }
  if (Object.keys(snap).length) requests.push({ kind: "snap", patch: snap });
  for (const line of group?.lines ?? []) requests.push({ kind: "createLine", line });
  for (const change of changes) {
    if (change.type === "createLine") requests.push({ kind: "createLine", line: change.line });
    else if (change.type === "deleteLine") requests.push({ kind: "deleteLine", lineId: change.line.id });
    else if (change.type === "updateLine") requests.push({ kind: "updateLine", lineId: change.id, patch: change.after });
  }
  return requests;
}

/** Deletes first, then updates, then creates, at most 5,000 items a request (docs/API.md, "Changes"). */
function changeRequests(group: CardGroup): WireRequest[] {
  type Item = { kind: "delete"; id: string } | { kind: "update"; id: string; after: CardPatch } | { kind: "create"; card: BoardCard };
  const items: Item[] = [
    ...group.deletes.map((card) => ({ kind: "delete" as const, id: card.id })),
    ...group.updates.map(({ id, after }) => ({ kind: "update" as const, id, after })),
    ...group.creates.map((card) => ({ kind: "create" as const, card })),
  ];
  const requests: WireRequest[] = [];
  for (let start = 0; start < items.length; start += MAX_CHANGE_ITEMS) {
    const request = {
      kind: "changes" as const,
      create: [] as WireCard[],
      createIds: [] as string[],
      update: [] as (WireCardPatch & { id: string })[],
      delete: [] as string[],
    };
    for (const item of items.slice(start, start + MAX_CHANGE_ITEMS)) {
      if (item.kind === "delete") request.delete.push(item.id);
      else if (item.kind === "update") request.update.push({ ...toWire(item.after), id: item.id });
      else {
        request.create.push(withoutId(item.card));
        request.createIds.push(item.card.id);
      }
    }
    requests.push(request);
  }
  return requests;
}

/**
 * The request as it goes out, in the server's ids; null when nothing of it can go (every card it
 * names lost its create). Items naming such a card are left out: the card already left the board.
 */
export function toHttpRequest(snapId: string, request: WireRequest, serverIdOf: ServerIdOf): HttpRequest | null {
  switch (request.kind) {
    case "changes": {
      const update = request.update.flatMap((item) => {
        const id = serverIdOf(item.id);
        return id ? [{ ...item, id }] : [];
      });
      const deletes = request.delete.flatMap((id) => serverIdOf(id) ?? []);
      if (!request.create.length && !update.length && !deletes.length) return null;
      const body: SnapChangesInput = {};
      // The board keeps fields it does not know as they came (a fontSize since dropped); the server checks them.
      if (request.create.length) body.create = request.create as SnapChangesInput["create"];
      if (update.length) body.update = update as SnapChangesInput["update"];
      if (deletes.length) body.delete = deletes;
      // A card someone else deleted meanwhile is left out and named, not a refusal of the whole change (docs/SAVING.md).
      if (update.length || deletes.length) body.skipMissing = true;
      return { method: "POST", path: `/api/snaps/${snapId}/changes`, body, idempotent: true };
    }
    case "snap":
      return { method: "PATCH", path: `/api/snaps/${snapId}`, body: request.patch, idempotent: false };
    case "createLine": {
      const { line } = request;
      const fromCardId = serverIdOf(line.fromCardId);
      const toCardId = serverIdOf(line.toCardId);
      if (!fromCardId || !toCardId) return null;
      return {
        method: "POST",
        path: `/api/snaps/${snapId}/lines`,
        body: { fromCardId, toCardId, color: line.color, style: line.style, arrow: line.arrow },
        idempotent: true,
      };
    }
    case "updateLine": {
      const id = serverIdOf(request.lineId);
      return id ? { method: "PATCH", path: `/api/lines/${id}`, body: request.patch, idempotent: false } : null;
    }
    case "deleteLine": {
      const id = serverIdOf(request.lineId);
      return id ? { method: "DELETE", path: `/api/lines/${id}`, idempotent: false } : null;
    }
  }
}

/**
 * Typing into a field, a slider dragged, a nudge repeated: a later request of the same edit may be
 * merged into an earlier one not sent yet, when both update the same cards and nothing else.
 */
export function mergeWireRequests(earlier: WireRequest, later: WireRequest): WireRequest | null {
  if (earlier.kind === "snap" && later.kind === "snap") return { kind: "snap", patch: { ...earlier.patch, ...later.patch } };
  if (earlier.kind !== "changes" || later.kind !== "changes") return null;
  if (earlier.create.length || later.create.length || earlier.delete.length || later.delete.length) return null;
  if (earlier.update.length !== later.update.length || earlier.update.some((item, index) => item.id !== later.update[index]!.id)) return null;
  return { ...earlier, update: earlier.update.map((item, index) => ({ ...item, ...later.update[index]! })) };
}

/**
 * How many of these requests, from the first, go out as one: a run of card updates (no create, no
 * delete) of at most 5,000 cards in all, as a board that was offline has queued. Sending an update
 * twice sets the same values again, so the merged request's Idempotency-Key may depend on the run's
 * length (a replay after a reload may merge a different run) without applying anything twice.
 */
export function updateRunLength(requests: readonly WireRequest[]): number {
  const ids = new Set<string>();
  let count = 0;
  for (const request of requests) {
    if (request.kind !== "changes" || request.create.length || request.delete.length) break;
    const added = request.update.filter((item) => !ids.has(item.id)).length;
    if (count > 0 && ids.size + added > MAX_CHANGE_ITEMS) break;
    for (const item of request.update) ids.add(item.id);
    count += 1;
  }
  return Math.max(1, count);
}

/** A run of card updates (updateRunLength) as one: per card, later fields over earlier ones. */
export function mergeUpdateRun(requests: readonly WireRequest[]): WireRequest {
  const first = requests[0]!;
  if (requests.length === 1) return first;
  const byId = new Map<string, WireCardPatch & { id: string }>();
  for (const request of requests) {
    if (request.kind !== "changes") continue;
    for (const item of request.update) byId.set(item.id, { ...byId.get(item.id), ...item });
  }
  return { kind: "changes", create: [], createIds: [], update: [...byId.values()], delete: [] };
}

/** The Idempotency-Key of a merged run: the first change's own when it goes alone. */
export function runKey(firstKey: string, length: number): string {
  return length === 1 ? firstKey : `${firstKey}+${length}`;
}

function withoutId(card: BoardCard): WireCard {
  const fields: Partial<BoardCard> = { ...card };
  delete fields.id;
  return toWire(fields as Omit<BoardCard, "id">) as WireCard;
}

/** The API takes a card's attachments as file ids (docs/API.md, "Cards"); the board holds them as answered. */
function toWire<T extends { attachments?: BoardCard["attachments"] }>(fields: T): Omit<T, "attachments"> & { attachments?: string[] } {
  const { attachments, ...rest } = fields;
  return attachments === undefined ? rest : { ...rest, attachments: attachments.map((file) => file.id) };
}
