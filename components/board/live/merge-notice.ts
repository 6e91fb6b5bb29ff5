import type { ChangesAnswer } from "./card-changes";

/** What the server's answer to a change says it met (docs/SAVING.md, "When someone else changed the same thing"), in the board's ids. */
export interface MergeReport {
  /** Fields this board's change set over someone else's write made since the change's base version. */
  overwritten: { cardId: string; field: string; by: string }[];
  /** Cards the change edited that someone else deleted meanwhile: left out, not brought back. */
  deleted: { cardId: string; by: string | null }[];
}

/**
 * The merge report of a change's answer, in the board's ids; null when it met nothing. Only the
 * cards the change updated count as deleted meanwhile: a delete of a card already gone is what was
 * wanted.
 */
export function mergeReportOf(
  answer: Partial<Pick<ChangesAnswer, "overwritten" | "missing">>,
  updatedIds: ReadonlySet<string>,
  localId: (serverId: string) => string,
): MergeReport | null {
  const overwritten = (answer.overwritten ?? []).map(({ cardId, field, by }) => ({ cardId: localId(cardId), field, by: by.name }));
  const deleted = (answer.missing ?? [])
    .map(({ cardId, deletedBy }) => ({ cardId: localId(cardId), by: deletedBy?.name ?? null }))
    .filter(({ cardId }) => updatedIds.has(cardId));
  return overwritten.length || deleted.length ? { overwritten, deleted } : null;
}

/**
 * The notice: later write wins, and the value that loses is named, never dropped silently.
 * "Carol changed 2 of the cards you edited while your edits were waiting to be saved. Yours were
 * saved later and replaced theirs, which stay in the history." / "“Budget” was deleted by Carol
 * meanwhile; your edit of it was not saved." `nameOf` gives a card's name as people see it.
 */
export function mergeNotice(report: MergeReport, nameOf: (cardId: string) => string): string {
  const sentences: string[] = [];
  if (report.overwritten.length) {
    const people = [...new Set(report.overwritten.map((item) => item.by))];
    const cards = new Set(report.overwritten.map((item) => item.cardId)).size;
    sentences.push(
      `${joined(people)} changed ${cards === 1 ? "1 of the cards" : `${cards} of the cards`} you edited while your edits were waiting to be saved. Yours were saved later and replaced theirs, which stay in the history.`,
    );
  }
  const [first, ...rest] = report.deleted;
  if (first) {
    const people = [...new Set(report.deleted.map((item) => item.by ?? "someone"))];
    const more = rest.length ? ` and ${rest.length} more card${rest.length === 1 ? "" : "s"}` : "";
    const them = rest.length ? "them" : "it";
    sentences.push(
      `“${nameOf(first.cardId)}”${more} ${rest.length ? "were" : "was"} deleted by ${joined(people)} meanwhile; your edit of ${them} was not saved.`,
    );
  }
  return sentences.join(" ");
}

function joined(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "Someone");
}
