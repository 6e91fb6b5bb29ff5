import { MAX_CHANGE_ITEMS } from "@/lib/board-model/card-constants";
import type { SnapChangesInput } from "@/lib/snaps/change-schemas";
import type { Change } from "../state/board-changes";
import type { BoardCard, CardPatch, SnapPatch } from "../state/board-types";
import { groupCardChanges, type CardGroup } from "./card-changes";
import { groupLineChanges, type WireLines } from "./line-changes";

export type { WireLines } from "./line-changes";

type WireCard = Omit<BoardCard, "id" | "attachments"> & { attachments?: string[] };
type WireCardPatch = Omit<CardPatch, "attachments"> & { attachments?: string[] };

/**
 * One request of a gesture, as it is queued on the device: POST /api/snaps/:id/changes with its
 * cards, lines and snap fields (docs/SAVING.md). In the board's ids (a card made here has its
 * server id only once its create is answered), so that it can be written before it is sent.
 * `toHttpRequest` puts the server's ids in when it goes out.
 */
export interface WireRequest {
  kind: "changes";
  /** Creates in the order of createIds, the board's ids of the new cards. */
  create: WireCard[];
  createIds: string[];
  update: (WireCardPatch & { id: string })[];
  delete: string[];
  /** A new line's ends may be cards of createIds: sent as their index in `create`. */
  lines?: WireLines;
  snap?: SnapPatch;
}

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
 * A gesture's changes as requests: one change (POST …/changes) with its cards, lines and snap
 * fields; several only past 5,000 items, the lines and the snap fields with the last.
 */
export function toWireRequests(changes: readonly Change[]): WireRequest[] {
  const group = groupCardChanges(changes);
  const requests = group ? changeRequests(group) : [];
  const lines = groupLineChanges(changes, group?.lines ?? [], new Set(group?.deletes.map((card) => card.id)));
  let snap: SnapPatch = {};
  for (const change of changes) {
    if (change.type === "updateSnap") snap = { ...snap, ...change.after };
  }
  const lineItems = [
    ...lines.delete.map((id) => ({ kind: "delete" as const, id })),
    ...lines.update.map((item) => ({ kind: "update" as const, item })),
    ...lines.create.map((line) => ({ kind: "create" as const, line })),
  ];
  if (!lineItems.length && !Object.keys(snap).length) return requests;
  let last = requests.at(-1) ?? pushed(requests);
  for (const item of lineItems) {
    if (itemCount(last) >= MAX_CHANGE_ITEMS) last = pushed(requests);
    last.lines ??= { create: [], update: [], delete: [] };
    if (item.kind === "delete") last.lines.delete.push(item.id);
    else if (item.kind === "update") last.lines.update.push(item.item);
    else last.lines.create.push(item.line);
  }
  if (Object.keys(snap).length) last.snap = snap;
  return requests;
}

function emptyRequest(): WireRequest {
  return { kind: "changes", create: [], createIds: [], update: [], delete: [] };
}

function pushed(requests: WireRequest[]): WireRequest {
  const request = emptyRequest();
  requests.push(request);
  return request;
}

function itemCount(request: WireRequest): number {
  const { lines } = request;
  return request.create.length + request.update.length + request.delete.length + (lines ? lines.create.length + lines.update.length + lines.delete.length : 0);
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
    const request = emptyRequest();
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

/** Where a new line's end goes: its index in the request's `create`, else the card's server id. */
function lineEnd(request: WireRequest, serverIdOf: ServerIdOf): (localId: string) => number | string | undefined {
  const index = new Map(request.createIds.map((id, at) => [id, at]));
  return (localId) => index.get(localId) ?? serverIdOf(localId);
}

/**
 * The request as it can go now: without the new lines an end of which lost its create (the card
 * already left the board). Its answer's created lines are then those of `lines.create`, in order.
 */
export function toSendable(request: WireRequest, serverIdOf: ServerIdOf): WireRequest {
  if (!request.lines?.create.length) return request;
  const end = lineEnd(request, serverIdOf);
  const create = request.lines.create.filter((line) => end(line.fromCardId) !== undefined && end(line.toCardId) !== undefined);
  return create.length === request.lines.create.length ? request : { ...request, lines: { ...request.lines, create } };
}

/**
 * The request as it goes out, in the server's ids; null when nothing of it can go (every item it
 * names lost its create). Items naming such a card or line are left out: it already left the board.
 */
export function toHttpRequest(snapId: string, request: WireRequest, serverIdOf: ServerIdOf): HttpRequest | null {
  const update = request.update.flatMap((item) => {
    const id = serverIdOf(item.id);
    return id ? [{ ...item, id }] : [];
  });
  const deletes = request.delete.flatMap((id) => serverIdOf(id) ?? []);
  const body: SnapChangesInput = {};
  // The board keeps fields it does not know as they came (a fontSize since dropped); the server checks them.
  if (request.create.length) body.create = request.create as SnapChangesInput["create"];
  if (update.length) body.update = update as SnapChangesInput["update"];
  if (deletes.length) body.delete = deletes;
  const lines = request.lines && httpLines(request, serverIdOf);
  if (lines) body.lines = lines;
  if (request.snap && Object.keys(request.snap).length) body.snap = request.snap;
  if (!body.create && !body.update && !body.delete && !body.lines && !body.snap) return null;
  // A card or line someone else deleted meanwhile is left out and named, not a refusal of the whole change (docs/SAVING.md).
  if (update.length || deletes.length || lines) body.skipMissing = true;
  return { method: "POST", path: `/api/snaps/${snapId}/changes`, body, idempotent: true };
}

function httpLines(request: WireRequest, serverIdOf: ServerIdOf): SnapChangesInput["lines"] | undefined {
  const { lines } = request;
  if (!lines) return undefined;
  const end = lineEnd(request, serverIdOf);
  const create = lines.create.flatMap((line) => {
    const [from, to] = [end(line.fromCardId), end(line.toCardId)];
    return from === undefined || to === undefined ? [] : [{ from, to, color: line.color, style: line.style, arrow: line.arrow }];
  });
  const update = lines.update.flatMap(({ id, patch }) => {
    const serverId = serverIdOf(id);
    return serverId ? [{ ...patch, id: serverId }] : [];
  });
  const deletes = lines.delete.flatMap((id) => serverIdOf(id) ?? []);
  if (!create.length && !update.length && !deletes.length) return undefined;
  return { ...(create.length ? { create } : {}), ...(update.length ? { update } : {}), ...(deletes.length ? { delete: deletes } : {}) };
}

/**
 * Typing into a field, a slider dragged, a nudge repeated: a later request of the same edit may be
 * merged into an earlier one not sent yet, when both update the same cards (and snap fields) and
 * nothing else.
 */
export function mergeWireRequests(earlier: WireRequest, later: WireRequest): WireRequest | null {
  if (!onlyUpdates(earlier) || !onlyUpdates(later)) return null;
  if (earlier.update.length !== later.update.length || earlier.update.some((item, index) => item.id !== later.update[index]!.id)) return null;
  const merged: WireRequest = { ...earlier, update: earlier.update.map((item, index) => ({ ...item, ...later.update[index]! })) };
  if (earlier.snap || later.snap) merged.snap = { ...earlier.snap, ...later.snap };
  return merged;
}

function onlyUpdates(request: WireRequest): boolean {
  return !request.create.length && !request.delete.length && !request.lines;
}

/**
 * How many of these requests, from the first, go out as one: a run of card updates (no create, no
 * delete, no line, no snap field) of at most 5,000 cards in all, as a board that was offline has
 * queued. Sending an update twice sets the same values again, so the merged request's
 * Idempotency-Key may depend on the run's length (a replay after a reload may merge a different
 * run) without applying anything twice.
 */
export function updateRunLength(requests: readonly WireRequest[]): number {
  const ids = new Set<string>();
  let count = 0;
  for (const request of requests) {
    if (!onlyUpdates(request) || request.snap) break;
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
    for (const item of request.update) byId.set(item.id, { ...byId.get(item.id), ...item });
  }
  return { ...emptyRequest(), update: [...byId.values()] };
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
