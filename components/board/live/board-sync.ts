import { callApi, type ApiResult } from "@/components/http/call-api";
import { MAX_CARDS_PER_BATCH } from "@/lib/board-model/card-constants";
import type { Change } from "../state/board-changes";
import { BoardIdMap } from "../state/board-id-map";
import type { BoardCard, BoardDoc, BoardLine, BoardSnap, CardPatch, SnapPatch } from "../state/board-types";
import { SaveQueue } from "../state/save-queue";
import { groupCardChanges, MAX_CHANGE_ITEMS, type CardGroup, type ChangesAnswer, type ChangesBody } from "./card-changes";
import { toBoardCard, toBoardSnap } from "../state/to-board-doc";

export type SaveStatus = "idle" | "saving" | "saved" | "error";

/** What to put back after a failed save: the last state the server confirmed. */
export interface Restore {
  upsertCards?: BoardCard[];
  removeCards?: string[];
  upsertLines?: BoardLine[];
  removeLines?: string[];
  snap?: Partial<BoardSnap>;
}

/** A write the server took, with the snap version it made (its `change` event is this board's echo). */
export interface SavedWrite {
  version: number;
  /** Card fields the write set, in the board's ids. */
  cards?: { id: string; fields: string[] }[];
  snapFields?: string[];
}

export interface SyncEvents {
  onStatus(status: SaveStatus): void;
  onFailure(restore: Restore, message: string): void;
  /** The snap version the board has seen: sent as Base-Version with the edits made now. */
  baseVersion?(): number | null;
  onSaved?(saved: SavedWrite): void;
  /** Nothing is on its way any more. */
  onSettled?(): void;
}

type Request = <T>(path: string, options?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<ApiResult<T>>;

export const SAVE_DEBOUNCE_MS = 400;
/** The most cards one batch request takes (docs/API.md, "Batches"). */
const BATCH_LIMIT = MAX_CARDS_PER_BATCH;
const DELETE_CONCURRENCY = 6;

interface ServerCard extends BoardCard {
  snapId: string;
}
interface ServerLine extends BoardLine {
  snapId: string;
}

/**
 * Saves the board's changes to the API, in the order they were made, one request at a time.
 * Field edits are merged per card and sent after a quiet moment as one batch PATCH (chunks of 100);
 * creates, deletes and line edits go out as they come, after any edits queued before them.
 *
 * The board keeps its own ids (BoardIdMap translates them to the server's), and this class keeps
 * the last state the server confirmed, which a failed save puts back.
 */
export class BoardSync {
  private readonly ids = new BoardIdMap();
  private readonly confirmedCards = new Map<string, BoardCard>();
  private readonly confirmedLines = new Map<string, BoardLine>();
  private confirmedSnap: BoardSnap;
  private pendingCards = new Map<string, CardPatch>();
  private pendingSnap: SnapPatch = {};
  /** Snap fields taken from pendingSnap and not answered yet. */
  private sendingSnap: SnapPatch = {};
  /** The oldest version the pending edits were based on; and the one of the task being sent. */
  private pendingBase: number | null = null;
  private currentBase: number | null = null;
  /** Cards whose create is queued or on its way, by the board's id: how many creates each awaits. */
  private readonly creating = new Map<string, number>();
  /** Server ids of cards and lines deleted here: a late remote event must not bring them back. */
  private readonly deleted = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly queue = new SaveQueue({
    onError: (error) => {
      console.error("board save failed unexpectedly", error);
      this.fail({}, "Something went wrong while saving.");
    },
    onDone: () => {
      this.emitStatus();
      if (this.queue.running === 0) this.events.onSettled?.();
    },
  });
  private lastFailed = false;

  constructor(
    private readonly snapId: string,
    doc: BoardDoc,
    private readonly events: SyncEvents,
    private readonly request: Request = callApi,
  ) {
    // The server's own cards and lines have the same id here (BoardIdMap): nothing to link. A
    // card's confirmed state is kept from its first edit on (keepConfirmed), not for every card.
    for (const line of doc.lines) this.confirmedLines.set(line.id, line);
    this.confirmedSnap = doc.snap;
  }

  /** True while something is waiting to be sent or is on its way. */
  get busy(): boolean {
    return this.queue.running > 0 || this.pendingCards.size > 0 || Object.keys(this.pendingSnap).length > 0;
  }

  /** True while a request is on its way: a remote event may be this board's own echo. */
  get sending(): boolean {
    return this.queue.running > 0;
  }

  /**
   * Called before a local edit is shown, with the cards as the board has them then. A card with no
   * confirmed state kept has had no edit here and no remote change since it was loaded: as the board
   * has it is as the server has it, which a failed save of this edit puts back. Kept only from a
   * card's first edit on, so the board's untouched cards (most of a 10,000-card board) cost nothing.
   */
  keepConfirmed(changes: readonly Change[], cardById: (id: string) => BoardCard | undefined): void {
    for (const change of changes) {
      if (change.type === "deleteCards") {
        for (const card of change.cards) if (!this.confirmedCards.has(card.id)) this.confirmedCards.set(card.id, card);
      } else if (change.type === "updateCards") {
        for (const { id } of change.updates) {
          const card = this.confirmedCards.has(id) ? undefined : cardById(id);
          if (card) this.confirmedCards.set(id, card);
        }
      }
    }
  }

  /** baseVersion: the snap version the edit was based on (default: the version seen now). */
  push(changes: readonly Change[], baseVersion: number | null = this.events.baseVersion?.() ?? null): void {
    const base = baseVersion;
    // A gesture over several cards is one change of the snap: one request, all or nothing.
    const group = groupCardChanges(changes);
    if (group) {
      for (const card of group.creates) this.creating.set(card.id, (this.creating.get(card.id) ?? 0) + 1);
      for (const card of group.deletes) this.pendingCards.delete(card.id);
      this.enqueue(base, () => this.sendGroup(group));
    }
    for (const change of changes) {
      if (group && (change.type === "createCards" || change.type === "deleteCards" || change.type === "updateCards")) continue;
      switch (change.type) {
        case "updateCards":
          for (const { id, after } of change.updates) this.pendingCards.set(id, { ...this.pendingCards.get(id), ...after });
          this.scheduleFrom(base);
          break;
        case "updateSnap":
          this.pendingSnap = { ...this.pendingSnap, ...change.after };
          this.scheduleFrom(base);
          break;
        case "createCards":
          for (const card of change.cards) this.creating.set(card.id, (this.creating.get(card.id) ?? 0) + 1);
          this.enqueue(base, () => this.createCards(change.cards, change.lines));
          break;
        case "deleteCards":
          // Edits of a card about to be deleted need not be sent.
          for (const card of change.cards) this.pendingCards.delete(card.id);
          this.enqueue(base, () => this.deleteCards(change.cards));
          break;
        case "createLine":
          this.enqueue(base, () => this.createLines([change.line]));
          break;
        case "deleteLine":
          this.enqueue(base, () => this.deleteLine(change.line));
          break;
        case "updateLine":
          this.enqueue(base, () => this.updateLine(change.id, change.after));
          break;
      }
    }
    this.emitStatus();
  }

  // --- Remote changes ----------------------------------------------------------------------------

  /** The board's id for a server id: the same id for anything this board did not create. */
  localIdOf = (serverId: string): string => this.ids.localIdOf(serverId);

  serverIdOf = (localId: string): string | undefined => this.ids.serverIdOf(localId);

  deletedHere = (serverId: string): boolean => this.deleted.has(serverId);

  pendingCard = (localId: string): CardPatch | undefined => this.pendingCards.get(localId);

  get pendingSnapPatch(): SnapPatch {
    return this.pendingSnap;
  }

  /** The snap fields this board is saving itself: waiting to be sent, or sent and not answered yet. */
  savingSnapFields(): Set<string> {
    return new Set([...Object.keys(this.pendingSnap), ...Object.keys(this.sendingSnap)]);
  }

  /** Someone else's write (in the board's ids) becomes the confirmed state a failed save puts back. */
  acceptRemote(state: Restore): void {
    for (const card of state.upsertCards ?? []) {
      if (!this.ids.isSaved(card.id)) this.ids.link(card.id, card.id);
      this.confirmedCards.set(card.id, card);
    }
    for (const id of state.removeCards ?? []) {
      this.pendingCards.delete(id);
      this.forgetCard(id);
    }
    for (const line of state.upsertLines ?? []) {
      if (!this.ids.isSaved(line.id)) this.ids.link(line.id, line.id);
      this.confirmedLines.set(line.id, line);
    }
    for (const id of state.removeLines ?? []) {
      this.ids.unlink(id);
      this.confirmedLines.delete(id);
    }
    if (state.snap) this.confirmedSnap = { ...this.confirmedSnap, ...state.snap };
  }

  /** Snap fields saved elsewhere (the settings and share dialogs) become the confirmed state. */
  confirmSnap(snap: Partial<BoardSnap>): void {
    this.confirmedSnap = { ...this.confirmedSnap, ...snap };
  }

  /** Sends queued edits now rather than after the quiet moment (the page is being hidden or left). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Taken even when nothing waits (its edits left with their cards): else a later save would carry it.
    const base = this.pendingBase;
    this.pendingBase = null;
    if (this.pendingCards.size || Object.keys(this.pendingSnap).length) this.run(() => this.sendPending(), base);
  }

  dispose(): void {
    this.flush();
  }

  // --- Queue -------------------------------------------------------------------------------------

  private scheduleFrom(base: number | null): void {
    if (base !== null) this.pendingBase = this.pendingBase === null ? base : Math.min(this.pendingBase, base);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), SAVE_DEBOUNCE_MS);
  }

  /** Edits made before this task are sent before it. */
  private enqueue(base: number | null, task: () => Promise<void>): void {
    this.flush();
    this.run(task, base);
  }

  private run(task: () => Promise<void>, base: number | null): void {
    this.queue.run(() => {
      this.currentBase = base;
      return task();
    });
  }

  private emitStatus(): void {
    this.events.onStatus(this.busy ? "saving" : this.lastFailed ? "error" : "saved");
  }

  private fail(restore: Restore, message: string): void {
    this.lastFailed = true;
    this.events.onFailure(restore, message);
  }

  private succeed(): void {
    this.lastFailed = false;
  }

  /** One request, with the edit's Base-Version; the version a write made is reported as the board's own. */
  private async send<T>(path: string, options: { method: string; body?: unknown }, saved?: Omit<SavedWrite, "version">): Promise<ApiResult<T>> {
    // Versions start at 1: a board that does not know its version (0) sends none.
    const headers = this.currentBase ? { "Base-Version": String(this.currentBase) } : undefined;
    const result = await this.request<T>(path, { ...options, headers });
    const version = Number(result.headers?.get("Snap-Version") ?? NaN);
    if (result.ok && Number.isInteger(version)) this.events.onSaved?.({ version, ...saved });
    return result;
  }

  private localCard(card: ServerCard): BoardCard {
    return { ...toBoardCard(card), id: this.ids.localIdOf(card.id) };
  }

  // --- Tasks -------------------------------------------------------------------------------------

  /**
   * Sends the edits waiting now, which may include ones made after this task was queued. An edit of
   * a card whose create is queued behind this task (or on its way) has no server id yet: it stays
   * waiting, with its base, and goes out after the create (createCards flushes it).
   */
  private async sendPending(): Promise<void> {
    const cards = new Map<string, CardPatch>();
    const held = new Map<string, CardPatch>();
    for (const [id, patch] of this.pendingCards) (this.creating.has(id) ? held : cards).set(id, patch);
    const snap = this.pendingSnap;
    this.pendingCards = held;
    this.pendingSnap = {};
    if (held.size && this.currentBase !== null) this.pendingBase = Math.min(this.pendingBase ?? this.currentBase, this.currentBase);
    this.sendingSnap = snap;
    try {
      await this.sendCards(cards);
      if (Object.keys(snap).length) await this.sendSnap(snap);
    } finally {
      this.sendingSnap = {};
    }
  }

  private async sendCards(cards: Map<string, CardPatch>): Promise<void> {
    // A card whose create failed has no server id; it is already gone from the board, and its edits
    // with it. Cards still being created are held back before this (sendPending).
    const updates = [...cards].flatMap(([localId, patch]) => {
      const id = this.ids.serverIdOf(localId);
      return id ? [{ localId, body: { ...toWire(patch), id } }] : [];
    });
    for (let start = 0; start < updates.length; start += BATCH_LIMIT) {
      const chunk = updates.slice(start, start + BATCH_LIMIT);
      const result = await this.send<{ cards: ServerCard[] }>(
        "/api/snaps/cards/batch",
        { method: "PATCH", body: { updates: chunk.map((update) => update.body) } },
        { cards: chunk.map((update) => ({ id: update.localId, fields: Object.keys(update.body).filter((field) => field !== "id") })) },
      );
      if (result.ok) {
        for (const card of result.data.cards) {
          const local = this.localCard(card);
          this.confirmedCards.set(local.id, local);
        }
        this.succeed();
      } else {
        const ids = chunk.map((update) => update.localId);
        for (const id of ids) this.pendingCards.delete(id); // later edits of them are rolled back too
        this.fail({ upsertCards: ids.flatMap((id) => this.confirmedCards.get(id) ?? []) }, result.error.message);
      }
    }
  }

  private async sendSnap(snap: SnapPatch): Promise<void> {
    const result = await this.send<{ snap: BoardSnap & { rowHeights: unknown; colWidths: unknown } }>(
      `/api/snaps/${this.snapId}`,
      { method: "PATCH", body: snap },
      { snapFields: Object.keys(snap) },
    );
    if (result.ok) {
      const saved = result.data.snap;
      this.confirmedSnap = { ...this.confirmedSnap, ...toBoardSnap(saved) };
      this.succeed();
    } else {
      const keys = Object.keys(snap) as (keyof SnapPatch)[];
      for (const key of keys) delete this.pendingSnap[key];
      const restore: Partial<BoardSnap> = {};
      for (const key of keys) Object.assign(restore, { [key]: this.confirmedSnap[key] });
      this.fail({ snap: restore }, result.error.message);
    }
  }

  private async createCards(cards: BoardCard[], lines: BoardLine[]): Promise<void> {
    try {
      await this.createCardsAndLines(cards, lines);
    } finally {
      for (const card of cards) {
        const count = (this.creating.get(card.id) ?? 1) - 1;
        if (count > 0) this.creating.set(card.id, count);
        else this.creating.delete(card.id);
      }
    }
    // Edits made while the create was on its way: they can be sent now that the cards have server ids.
    if (cards.some((card) => this.pendingCards.has(card.id))) this.flush();
  }

  private async createCardsAndLines(cards: BoardCard[], lines: BoardLine[]): Promise<void> {
    const fresh = cards.filter((card) => !this.ids.isSaved(card.id));
    for (let start = 0; start < fresh.length; start += BATCH_LIMIT) {
      const chunk = fresh.slice(start, start + BATCH_LIMIT);
      const result = await this.send<{ cards: ServerCard[] }>("/api/snaps/cards/batch", {
        method: "POST",
        body: { cards: chunk.map((card) => ({ ...withoutId(card), snapId: this.snapId })) },
      });
      if (!result.ok) {
        const failed = fresh.slice(start).map((card) => card.id);
        for (const id of failed) this.pendingCards.delete(id); // the cards leave the board, their edits with them
        this.fail({ removeCards: failed }, result.error.message);
        return;
      }
      result.data.cards.forEach((saved, index) => {
        const local = chunk[index];
        if (!local) return;
        this.ids.link(local.id, saved.id);
        this.confirmedCards.set(local.id, { ...toBoardCard(saved), id: local.id });
      });
      this.succeed();
    }
    if (lines.length) await this.createLines(lines);
  }

  private async sendGroup(group: CardGroup): Promise<void> {
    try {
      await this.sendGroupChanges(group);
    } finally {
      for (const card of group.creates) {
        const count = (this.creating.get(card.id) ?? 1) - 1;
        if (count > 0) this.creating.set(card.id, count);
        else this.creating.delete(card.id);
      }
    }
    if (group.lines.length) await this.createLines(group.lines);
    if (group.creates.some((card) => this.pendingCards.has(card.id))) this.flush();
  }

  /**
   * The group as `POST /api/snaps/:id/changes` (docs/API.md, "Changes"): one request, or one per
   * 5,000 items. Cards without a server id (their create failed) are left out.
   */
  private async sendGroupChanges(group: CardGroup): Promise<void> {
    type Item = { kind: "delete"; card: BoardCard } | { kind: "update"; id: string; after: CardPatch } | { kind: "create"; card: BoardCard };
    const items: Item[] = [
      ...group.deletes.filter((card) => this.ids.isSaved(card.id)).map((card) => ({ kind: "delete" as const, card })),
      ...group.updates.filter((update) => this.ids.isSaved(update.id)).map(({ id, after }) => ({ kind: "update" as const, id, after })),
      ...group.creates.filter((card) => !this.ids.isSaved(card.id)).map((card) => ({ kind: "create" as const, card })),
    ];
    for (let start = 0; start < items.length; start += MAX_CHANGE_ITEMS) {
      const chunk = items.slice(start, start + MAX_CHANGE_ITEMS);
      const creates = chunk.flatMap((item) => (item.kind === "create" ? [item.card] : []));
      const updates = chunk.flatMap((item) => (item.kind === "update" ? [item] : []));
      const deletes = chunk.flatMap((item) => (item.kind === "delete" ? [item.card] : []));
      const body: ChangesBody = {};
      // The board keeps fields it does not know as they came (a fontSize since dropped); the server checks them.
      if (creates.length) body.create = creates.map(withoutId) as ChangesBody["create"];
      if (updates.length) body.update = updates.map(({ id, after }) => ({ ...toWire(after), id: this.ids.serverIdOf(id)! })) as ChangesBody["update"];
      if (deletes.length) body.delete = deletes.map((card) => this.ids.serverIdOf(card.id)!);
      const saved = { cards: updates.map(({ id, after }) => ({ id, fields: Object.keys(after) })) };
      const result = await this.send<ChangesAnswer>(`/api/snaps/${this.snapId}/changes`, { method: "POST", body }, saved);
      if (!result.ok) {
        const failed = items.slice(start);
        const removeCards = failed.flatMap((item) => (item.kind === "create" ? [item.card.id] : []));
        const restored = failed.flatMap((item) => (item.kind === "delete" ? [item.card.id] : item.kind === "update" ? [item.id] : []));
        const gone = new Set(failed.flatMap((item) => (item.kind === "delete" ? [item.card.id] : [])));
        for (const id of [...removeCards, ...restored]) this.pendingCards.delete(id);
        this.fail(
          {
            removeCards,
            upsertCards: restored.flatMap((id) => this.confirmedCards.get(id) ?? []),
            upsertLines: [...this.confirmedLines.values()].filter((line) => gone.has(line.fromCardId) || gone.has(line.toCardId)),
          },
          result.error.message,
        );
        return;
      }
      if (!result.headers?.get("Snap-Version") && Number.isInteger(result.data.version)) this.events.onSaved?.({ version: result.data.version, ...saved });
      result.data.created.forEach((card, index) => {
        const local = creates[index];
        if (!local) return;
        this.ids.link(local.id, card.id);
        this.confirmedCards.set(local.id, { ...toBoardCard(card), id: local.id });
      });
      for (const card of result.data.updated) {
        const local = this.localCard(card);
        this.confirmedCards.set(local.id, local);
      }
      for (const card of deletes) this.forgetCard(card.id);
      this.succeed();
    }
  }

  private async deleteCards(cards: BoardCard[]): Promise<void> {
    const failed: BoardCard[] = [];
    let message = "";
    const targets = cards.filter((card) => this.ids.isSaved(card.id));
    for (let start = 0; start < targets.length; start += DELETE_CONCURRENCY) {
      await Promise.all(
        targets.slice(start, start + DELETE_CONCURRENCY).map(async (card) => {
          const result = await this.send(`/api/snaps/cards/${this.ids.serverIdOf(card.id)}`, { method: "DELETE" });
          // Already gone is what was wanted.
          if (result.ok || result.status === 404) {
            this.forgetCard(card.id);
          } else {
            failed.push(card);
            message = result.error.message;
          }
        }),
      );
    }
    if (failed.length === 0) {
      this.succeed();
      return;
    }
    const ids = new Set(failed.map((card) => card.id));
    this.fail(
      {
        upsertCards: failed.flatMap((card) => this.confirmedCards.get(card.id) ?? []),
        upsertLines: [...this.confirmedLines.values()].filter((line) => ids.has(line.fromCardId) || ids.has(line.toCardId)),
      },
      message,
    );
  }

  private forgetCard(localId: string): void {
    this.deleted.add(this.ids.serverIdOf(localId) ?? localId);
    this.ids.unlink(localId);
    this.confirmedCards.delete(localId);
    for (const [id, line] of this.confirmedLines) {
      if (line.fromCardId === localId || line.toCardId === localId) {
        this.deleted.add(this.ids.serverIdOf(id) ?? id);
        this.confirmedLines.delete(id);
        this.ids.unlink(id);
      }
    }
  }

  private async createLines(lines: BoardLine[]): Promise<void> {
    for (const line of lines) {
      const fromCardId = this.ids.serverIdOf(line.fromCardId);
      const toCardId = this.ids.serverIdOf(line.toCardId);
      if (!fromCardId || !toCardId || this.ids.isSaved(line.id)) {
        if (!this.ids.isSaved(line.id)) this.fail({ removeLines: [line.id] }, "One of the line's cards was not saved.");
        continue;
      }
      const result = await this.send<{ line: ServerLine }>(`/api/snaps/${this.snapId}/lines`, {
        method: "POST",
        body: { fromCardId, toCardId, color: line.color, style: line.style, arrow: line.arrow },
      });
      if (result.ok) {
        this.ids.link(line.id, result.data.line.id);
        this.confirmedLines.set(line.id, line);
        this.succeed();
      } else {
        this.fail({ removeLines: [line.id] }, result.error.message);
      }
    }
  }

  private async deleteLine(line: BoardLine): Promise<void> {
    const serverId = this.ids.serverIdOf(line.id);
    if (!serverId) return;
    const result = await this.send(`/api/lines/${serverId}`, { method: "DELETE" });
    if (result.ok || result.status === 404) {
      this.deleted.add(serverId);
      this.ids.unlink(line.id);
      this.confirmedLines.delete(line.id);
      this.succeed();
    } else {
      const confirmed = this.confirmedLines.get(line.id);
      this.fail({ upsertLines: confirmed ? [confirmed] : [] }, result.error.message);
    }
  }

  private async updateLine(localId: string, patch: Partial<BoardLine>): Promise<void> {
    const serverId = this.ids.serverIdOf(localId);
    if (!serverId) return;
    const result = await this.send<{ line: ServerLine }>(`/api/lines/${serverId}`, { method: "PATCH", body: patch });
    const confirmed = this.confirmedLines.get(localId);
    if (result.ok) {
      if (confirmed) this.confirmedLines.set(localId, { ...confirmed, ...patch });
      this.succeed();
    } else {
      this.fail({ upsertLines: confirmed ? [confirmed] : [] }, result.error.message);
    }
  }
}

function withoutId(card: BoardCard): WireFields<Omit<BoardCard, "id">> {
  const fields: Partial<BoardCard> = { ...card };
  delete fields.id;
  return toWire(fields as Omit<BoardCard, "id">);
}

type WireFields<T> = Omit<T, "attachments"> & { attachments?: string[] };

/** The API takes a card's attachments as file ids (docs/API.md, "Cards"); the board holds them as answered. */
function toWire<T extends { attachments?: BoardCard["attachments"] }>(fields: T): WireFields<T> {
  const { attachments, ...rest } = fields;
  return attachments === undefined ? rest : { ...rest, attachments: attachments.map((file) => file.id) };
}
