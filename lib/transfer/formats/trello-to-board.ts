import { ApiError } from "@/lib/errors/api-error";
import { MAX_COMMENT_BODY, MAX_COMMENTS_PER_SNAP } from "@/lib/comments/comment-config";
import type { ImportedComment } from "../import-snap";
import type { SnapDocument } from "../transfer-schemas";
import { FORMAT_LIMITS } from "./format-limits";
import { gridDocument, type GridCell } from "./grid-cells";
import { trelloLabelFill } from "./trello-label-colors";
import type { TrelloBoard } from "./trello-schemas";

/** The fill of a list's heading card (slate-100, the palette's light grey). */
const LIST_HEADING_FILL = "#f1f5f9";

const tooLarge = (message: string, path: string) => new ApiError("PAYLOAD_TOO_LARGE", message, [{ path, message }]);
const byPos = <T extends { pos: number }>(items: readonly T[]) =>
  items.map((item, index) => ({ item, index })).sort((a, b) => a.item.pos - b.item.pos || a.index - b.index);

/**
 * A Trello board as a snap (docs/EXPORT-IMPORT.md, "Trello"): each open list a column in Trello's
 * order, headed by a bold card naming it, its open cards one per row below in Trello's order. A
 * card's note holds its description, then its labels, dates, checklists (`[x]` / `[ ]` lines) and
 * attachments (name and URL); its first coloured label is its fill. Comments come back beside the
 * document, oldest first, each naming its Trello author and date. Archived lists and cards only
 * with `archived`.
 */
export function trelloToBoard(board: TrelloBoard, { archived }: { archived: boolean }): { document: SnapDocument; comments: ImportedComment[] } {
  const lists = byPos(board.lists.filter((list) => archived || !list.closed));
  if (lists.length > FORMAT_LIMITS.gridIndex + 1) {
    throw tooLarge(`A board has at most ${FORMAT_LIMITS.gridIndex + 1} columns; this Trello board has ${lists.length} lists`, "lists");
  }
  const checklists = new Map<string, TrelloBoard["checklists"]>();
  for (const checklist of board.checklists) checklists.set(checklist.idCard, [...(checklists.get(checklist.idCard) ?? []), checklist]);

  const cells: GridCell[] = [];
  const keyOfCard = new Map<string, number>();
  const cardsOfList = new Map<string, { item: TrelloBoard["cards"][number]; index: number }[]>();
  for (const entry of byPos(board.cards)) {
    if (!archived && entry.item.closed) continue;
    cardsOfList.set(entry.item.idList, [...(cardsOfList.get(entry.item.idList) ?? []), entry]);
  }
  lists.forEach(({ item: list, index: listIndex }, col) => {
    cells.push({ row: 0, col, title: clip(list.name), bold: true, color: LIST_HEADING_FILL, note: list.closed ? "Archived in Trello." : "" });
    const cards = cardsOfList.get(list.id) ?? [];
    if (cards.length > FORMAT_LIMITS.gridIndex) {
      throw tooLarge(
        `A board has at most ${FORMAT_LIMITS.gridIndex + 1} rows; the list "${list.name.slice(0, 100)}" has ${cards.length} cards below its heading`,
        `lists[${listIndex}]`,
      );
    }
    cards.forEach(({ item: card }, row) => {
      keyOfCard.set(card.id, cells.length);
      cells.push({
        row: row + 1,
        col,
        title: clip(card.name),
        note: clip(cardNote(card, checklists.get(card.id) ?? [])),
        color: trelloLabelFill(card.labels.find((label) => label.color)?.color),
      });
    });
  });
  if (cells.length > FORMAT_LIMITS.cards) {
    throw tooLarge(`A board has at most ${FORMAT_LIMITS.cards.toLocaleString("en")} cards; this one would have ${cells.length.toLocaleString("en")}`, "cards");
  }
  const document = gridDocument({ title: board.name, cells });
  // gridDocument keys cards c1, c2, … in reading order; the comments name them so.
  const keyOfCell = new Map(document.cards.map((card) => [`${card.row}:${card.col}`, card.key]));
  const comments = commentsOf(board, (cardId) => {
    const index = keyOfCard.get(cardId);
    return index === undefined ? undefined : keyOfCell.get(`${cells[index]!.row}:${cells[index]!.col}`);
  });
  return { document, comments };
}

function cardNote(card: TrelloBoard["cards"][number], checklists: TrelloBoard["checklists"]): string {
  const parts: string[] = [];
  if (card.desc.trim()) parts.push(card.desc.trim());
  const labels = card.labels.map((label) => label.name?.trim() || label.color || "").filter(Boolean);
  if (labels.length) parts.push(`Labels: ${labels.join(", ")}`);
  const dates = [card.start ? `Start: ${card.start}` : "", card.due ? `Due: ${card.due}${card.dueComplete ? " (complete)" : ""}` : ""].filter(Boolean);
  if (dates.length) parts.push(dates.join("\n"));
  for (const { item: checklist } of byPos(checklists)) {
    const items = byPos(checklist.checkItems).map(({ item }) => `${item.state === "complete" ? "[x]" : "[ ]"} ${item.name}`);
    parts.push([`${checklist.name || "Checklist"}:`, ...items].join("\n"));
  }
  const attachments = card.attachments.filter((attachment) => attachment.url).map((attachment) => `${attachment.name || attachment.url}: ${attachment.url}`);
  if (attachments.length) parts.push(["Attachments:", ...attachments].join("\n"));
  if (card.closed) parts.push("Archived in Trello.");
  return parts.join("\n\n");
}

/** Each comment on an imported card, oldest first: "Ada Lovelace on Trello, 2026-03-02 14:05 UTC:" and its text. */
function commentsOf(board: TrelloBoard, keyOf: (cardId: string) => string | undefined): ImportedComment[] {
  const comments = board.actions
    .filter((action) => action.type === "commentCard" && action.data.card && action.data.text)
    .map((action, index) => ({ action, index, key: keyOf(action.data.card!.id) }))
    .filter((entry) => entry.key !== undefined)
    // Trello lists actions newest first; a board reads comments oldest first.
    .sort((a, b) => (a.action.date ?? "").localeCompare(b.action.date ?? "") || b.index - a.index);
  if (comments.length > MAX_COMMENTS_PER_SNAP) {
    throw tooLarge(
      `A snap holds at most ${MAX_COMMENTS_PER_SNAP.toLocaleString("en")} comments; this board has ${comments.length.toLocaleString("en")}`,
      "actions",
    );
  }
  return comments.map(({ action, key }) => {
    const author = action.memberCreator?.fullName || action.memberCreator?.username || "Someone";
    const date = action.date && !Number.isNaN(Date.parse(action.date)) ? `, ${new Date(action.date).toISOString().slice(0, 16).replace("T", " ")} UTC` : "";
    return { cardKey: key!, body: `${author} on Trello${date}:\n${action.data.text!}`.slice(0, MAX_COMMENT_BODY) };
  });
}

/** A text within a card's bound, cut with an ellipsis. */
function clip(text: string): string {
  return text.length <= FORMAT_LIMITS.cellText ? text : `${text.slice(0, FORMAT_LIMITS.cellText - 1)}…`;
}
