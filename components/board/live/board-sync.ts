import type { ApiResult } from "@/components/http/call-api";
import type { ChangeQueue, IdLink } from "@/components/device/change-queue";
import type { Change } from "../state/board-changes";
import { BoardIdMap } from "../state/board-id-map";
import type { BoardCard, BoardDoc, BoardSnap, CardPatch, LinePatch, SnapPatch } from "../state/board-types";
import { toBoardCard, toBoardSnap, type SnapSource } from "../state/to-board-doc";
import { BoardOutbox, type OutboxEntry } from "./board-outbox";
import type { ChangesAnswer } from "./card-changes";
import { ConfirmedState } from "./confirmed-state";
import type { Request } from "./send-until-answered";
import type { ServerState } from "./server-state";
import { mergeReportOf, type MergeReport } from "./merge-notice";
import { toWireRequests, type WireRequest } from "./wire-request";

/** What the header says about saving (docs/SAVING.md). */
export interface SaveState {
  phase: "idle" | "saving" | "waiting" | "saved" | "error";
  /** Changes not answered yet. */
  pending: number;
}

/** A write the server took, with the snap version it made (its `change` event is this board's echo). */
export interface SavedWrite {
  version: number;
  /** Card fields the write set, in the board's ids. */
  cards?: { id: string; fields: string[] }[];
  snapFields?: string[];
}

export interface SyncEvents {
  onState(state: SaveState): void;
  /** A refused save: the state to put back, and why. */
  onRefused(state: ServerState, message: string): void;
  /** The snap version the board has seen: sent as Base-Version with the edits made now. */
  baseVersion?(): number | null;
  onSaved?(saved: SavedWrite): void;
  /** A saved change met someone else's writes: fields it overwrote, cards deleted meanwhile (already forgotten here). */
  onMerged?(report: MergeReport): void;
  /** Nothing is on its way any more. */
  onSettled?(): void;
}

export interface SyncOptions {
  request?: Request;
  /** The device's queue; null keeps changes in memory only. */
  queue?: ChangeQueue | null;
}

/**
 * Saves the board's changes: each gesture becomes requests (wire-request), queued on the device
 * and sent in order (BoardOutbox); answers become the confirmed state (ConfirmedState) and the
 * server's ids of what the board made (BoardIdMap); a refusal puts back the confirmed state.
 */
export class BoardSync {
  private readonly ids = new BoardIdMap();
  private readonly confirmed: ConfirmedState;
  private readonly outbox: BoardOutbox;
  /**
   * Server ids of cards and lines deleted here, with the version the delete was saved at: an event
   * of that version or older must not bring them back; a later one (a restore) may.
   */
  private readonly deleted = new Map<string, number>();
  private lastRefused = false;
  private state: SaveState = { phase: "idle", pending: 0 };

  constructor(
    private readonly snapId: string,
    doc: BoardDoc,
    private readonly events: SyncEvents,
    options: SyncOptions = {},
  ) {
    this.confirmed = new ConfirmedState(doc);
    this.outbox = new BoardOutbox(
      snapId,
      (localId) => this.ids.serverIdOf(localId),
      { onAnswer: (entry, result) => this.answer(entry, result), onChange: () => this.emitState() },
      options.queue ?? null,
      options.request,
    );
  }

  /** True while something is waiting to be sent or is on its way. */
  get busy(): boolean {
    return this.outbox.size > 0;
  }

  /** True while a request is on its way: a remote event may be this board's own echo. */
  get sending(): boolean {
    return this.outbox.sending;
  }

  /** Changes that would be lost if the page closed now: not answered, and not on the device. */
  get atRisk(): number {
    return this.outbox.notOnDevice;
  }

  keepConfirmed(changes: readonly Change[], cardById: (id: string) => BoardCard | undefined): void {
    this.confirmed.keep(changes, cardById);
  }

  /**
   * A gesture's changes, to be saved. baseVersion: the snap version the edit was based on (default:
   * the version seen now); coalesceKey: typing into one field, merged into one change while it goes on.
   */
  push(changes: readonly Change[], baseVersion: number | null = this.events.baseVersion?.() ?? null, coalesceKey?: string): void {
    const requests = toWireRequests(changes);
    if (requests.length) this.outbox.add(requests, baseVersion, coalesceKey);
  }

  /** Sends what waits now (the page is being hidden or left, the network is back). */
  flush(): void {
    this.outbox.flush();
  }

  dispose(): void {
    this.flush();
  }

  // --- What remote changes need ------------------------------------------------------------------

  /** The board's id for a server id: the same id for anything this board did not create. */
  localIdOf = (serverId: string): string => this.ids.localIdOf(serverId);

  serverIdOf = (localId: string): string | undefined => this.ids.serverIdOf(localId);

  /** Whether a card or line was deleted here at `version` or later; without a version, at all. */
  deletedHere = (serverId: string, version?: number): boolean => {
    const deletedAt = this.deleted.get(serverId);
    return deletedAt !== undefined && (version === undefined || version <= deletedAt);
  };

  /** This board's unanswered edits of a card, merged: they still win when they are sent. */
  pendingCard = (localId: string): CardPatch | undefined => {
    let patch: CardPatch | undefined;
    for (const request of this.outbox.requests()) {
      for (const item of request.update) {
        if (item.id !== localId) continue;
        // Attachments go as file ids; the board's own copy of them is already shown.
        const fields: Record<string, unknown> = { ...item };
        delete fields.id;
        delete fields.attachments;
        patch = { ...patch, ...(fields as CardPatch) };
      }
    }
    return patch;
  };

  get pendingSnapPatch(): SnapPatch {
    let patch: SnapPatch = {};
    for (const request of this.outbox.requests()) if (request.snap) patch = { ...patch, ...request.snap };
    return patch;
  }

  /** The snap fields this board is saving itself: waiting to be sent, or sent and not answered yet. */
  savingSnapFields(): Set<string> {
    return new Set(Object.keys(this.pendingSnapPatch));
  }

  /** Someone else's write at `version` (in the board's ids) becomes the confirmed state a refusal puts back. */
  acceptRemote(state: ServerState, version: number): void {
    for (const item of [...(state.upsertCards ?? []), ...(state.upsertLines ?? [])]) {
      if (!this.ids.isSaved(item.id)) this.ids.link(item.id, item.id);
    }
    for (const id of state.removeLines ?? []) this.ids.unlink(id);
    for (const id of state.removeCards ?? []) this.forgetCard(id, version);
    this.confirmed.accept(state);
  }

  /** Snap fields saved elsewhere (the settings and share dialogs) become the confirmed state. */
  confirmSnap(snap: Partial<BoardSnap>): void {
    this.confirmed.setSnap(snap);
  }

  // --- Answers -----------------------------------------------------------------------------------

  private answer(entry: OutboxEntry, result: ApiResult<unknown>): IdLink[] {
    const { request } = entry;
    const links = result.ok ? this.confirm(request, result) : (this.refuse(request, result), []);
    this.lastRefused = !result.ok;
    return links;
  }

  private confirm(request: WireRequest, result: ApiResult<unknown> & { ok: true }): IdLink[] {
    const links: IdLink[] = [];
    const link = (localId: string, serverId: string) => {
      this.ids.link(localId, serverId);
      if (localId !== serverId) links.push({ snapId: this.snapId, localId, serverId });
    };
    const answer = result.data as ChangesAnswer;
    answer.created.forEach((card, index) => {
      const localId = request.createIds[index];
      if (!localId) return;
      link(localId, card.id);
      this.confirmed.setCard({ ...toBoardCard(card), id: localId });
    });
    for (const card of answer.updated) this.confirmed.setCard({ ...toBoardCard(card), id: this.ids.localIdOf(card.id) });
    for (const id of answer.deleted) this.forgetCard(this.ids.localIdOf(id), answer.version);
    // The request as sent (toSendable): its new lines are answered in order.
    answer.lines?.created.forEach((line, index) => {
      const sent = request.lines?.create[index];
      if (!sent) return;
      link(sent.id, line.id);
      this.confirmed.setLine(sent);
    });
    for (const line of answer.lines?.updated ?? []) {
      const localId = this.ids.localIdOf(line.id);
      this.confirmed.patchLine(localId, { color: line.color, style: line.style, arrow: line.arrow } as LinePatch);
    }
    for (const id of answer.lines?.deleted ?? []) this.forgetLine(this.ids.localIdOf(id), answer.version);
    if (answer.snap) this.confirmed.setSnap(toBoardSnap(answer.snap as Omit<SnapSource, "cards" | "lines">));
    this.saved(answer.version, {
      cards: request.update.map(({ id, ...fields }) => ({ id, fields: Object.keys(fields) })),
      ...(request.snap ? { snapFields: Object.keys(request.snap) } : {}),
    });
    const report = mergeReportOf(answer, new Set(request.update.map((item) => item.id)), this.localIdOf);
    if (report) {
      // Cards deleted by someone else meanwhile stay deleted: later changes of them are not sent.
      const gone = new Set(report.deleted.map((item) => item.cardId));
      this.outbox.forgetCards(gone);
      for (const id of gone) this.forgetCard(id, answer.version);
      this.events.onMerged?.(report);
    }
    return links;
  }

  /** A refused change: what it would have changed is put back as the server has it, cards, lines and snap fields. */
  private refuse(request: WireRequest, result: ApiResult<unknown> & { ok: false }): void {
    const gone = new Set(request.delete);
    const putBack = [...request.update.map((item) => item.id), ...request.delete];
    this.outbox.forgetCards(new Set([...putBack, ...request.createIds]));
    const { lines, snap } = request;
    const linesBack = [...(lines?.update.map((item) => item.id) ?? []), ...(lines?.delete ?? [])].flatMap((id) => this.confirmed.lineOf(id) ?? []);
    const state: ServerState = {
      removeCards: request.createIds,
      upsertCards: this.confirmed.cardsOf(putBack),
      upsertLines: [...this.confirmed.linesTouching(gone), ...linesBack],
      removeLines: lines?.create.map((line) => line.id) ?? [],
    };
    if (snap) state.snap = this.confirmed.snapFields(Object.keys(snap) as (keyof SnapPatch)[]);
    this.events.onRefused(state, result.error.message);
  }

  private saved(version: number, fields: Omit<SavedWrite, "version"> = {}): void {
    if (Number.isInteger(version)) this.events.onSaved?.({ version, ...fields });
  }

  /** A card deleted at `version` (NaN when unknown: then no later event brings it back either). */
  private forgetCard(localId: string, version: number): void {
    const deletedAt = Number.isInteger(version) ? version : Infinity;
    this.deleted.set(this.ids.serverIdOf(localId) ?? localId, deletedAt);
    this.ids.unlink(localId);
    for (const lineId of this.confirmed.forgetCard(localId)) {
      this.deleted.set(this.ids.serverIdOf(lineId) ?? lineId, deletedAt);
      this.ids.unlink(lineId);
    }
  }

  private forgetLine(localId: string, version: number): void {
    const serverId = this.ids.serverIdOf(localId);
    if (serverId) this.deleted.set(serverId, Number.isInteger(version) ? version : Infinity);
    this.ids.unlink(localId);
    this.confirmed.forgetLine(localId);
  }

  private emitState(): void {
    const pending = this.outbox.size;
    const phase: SaveState["phase"] = this.outbox.waiting ? "waiting" : pending > 0 ? "saving" : this.lastRefused ? "error" : "saved";
    if (phase !== this.state.phase || pending !== this.state.pending) {
      this.state = { phase, pending };
      this.events.onState(this.state);
    }
    if (pending === 0) this.events.onSettled?.();
  }
}
