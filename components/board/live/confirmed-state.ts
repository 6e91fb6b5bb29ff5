import type { Change } from "../state/board-changes";
import type { BoardCard, BoardDoc, BoardLine, BoardSnap, SnapPatch } from "../state/board-types";
import type { ServerState } from "./server-state";

/**
 * The last state the server confirmed of what this board edits: what a refused save puts back.
 * A card's is kept from its first edit here on (or a remote change of it), not for every card, so
 * the board's untouched cards (most of a 10,000-card board) cost nothing.
 */
export class ConfirmedState {
  private readonly cards = new Map<string, BoardCard>();
  private readonly lines = new Map<string, BoardLine>();
  private snap: BoardSnap;

  constructor(doc: BoardDoc) {
    for (const line of doc.lines) this.lines.set(line.id, line);
    this.snap = doc.snap;
  }

  /**
   * Called before a local edit is shown, with the cards as the board has them then. A card with
   * none kept has had no edit here and no remote change since it was loaded: as the board has it is
   * as the server has it.
   */
  keep(changes: readonly Change[], cardById: (id: string) => BoardCard | undefined): void {
    for (const change of changes) {
      if (change.type === "deleteCards") {
        for (const card of change.cards) if (!this.cards.has(card.id)) this.cards.set(card.id, card);
      } else if (change.type === "updateCards") {
        for (const { id } of change.updates) {
          const card = this.cards.has(id) ? undefined : cardById(id);
          if (card) this.cards.set(id, card);
        }
      }
    }
  }

  setCard(card: BoardCard): void {
    this.cards.set(card.id, card);
  }

  setLine(line: BoardLine): void {
    this.lines.set(line.id, line);
  }

  patchLine(id: string, patch: Partial<BoardLine>): void {
    const line = this.lines.get(id);
    if (line) this.lines.set(id, { ...line, ...patch });
  }

  setSnap(snap: Partial<BoardSnap>): void {
    this.snap = { ...this.snap, ...snap };
  }

  forgetLine(id: string): void {
    this.lines.delete(id);
  }

  /** A card gone from the server: it and its lines; the ids of the lines that went with it. */
  forgetCard(id: string): string[] {
    this.cards.delete(id);
    const gone: string[] = [];
    for (const [lineId, line] of this.lines) {
      if (line.fromCardId === id || line.toCardId === id) {
        this.lines.delete(lineId);
        gone.push(lineId);
      }
    }
    return gone;
  }

  cardsOf(ids: readonly string[]): BoardCard[] {
    return ids.flatMap((id) => this.cards.get(id) ?? []);
  }

  lineOf(id: string): BoardLine | undefined {
    return this.lines.get(id);
  }

  /** The lines of these cards, as confirmed: a refused delete of the cards brings them back. */
  linesTouching(cardIds: ReadonlySet<string>): BoardLine[] {
    return [...this.lines.values()].filter((line) => cardIds.has(line.fromCardId) || cardIds.has(line.toCardId));
  }

  snapFields(fields: readonly (keyof SnapPatch)[]): Partial<BoardSnap> {
    const picked: Partial<BoardSnap> = {};
    for (const field of fields) Object.assign(picked, { [field]: this.snap[field] });
    return picked;
  }

  /** Someone else's write becomes the confirmed state. */
  accept(state: ServerState): void {
    for (const card of state.upsertCards ?? []) this.cards.set(card.id, card);
    for (const id of state.removeCards ?? []) this.forgetCard(id);
    for (const line of state.upsertLines ?? []) this.lines.set(line.id, line);
    for (const id of state.removeLines ?? []) this.lines.delete(id);
    if (state.snap) this.setSnap(state.snap);
  }
}
