import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { createId } from "@/lib/db/create-id";
import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";
import type { ChangeLineCreate, ChangeLines } from "@/lib/board-model/change-line-schemas";
import { lineSelect, type LineView } from "@/lib/board-model/line-selects";

/** The lines a change's `lines` will write, checked against the snap (checkLineChanges). */
export interface LineWrites {
  create: ChangeLineCreate[];
  update: NonNullable<ChangeLines["update"]>;
  delete: string[];
}

/** What the change did to lines: `deleted` also holds the lines that went with deleted cards. */
export interface LineResults {
  created: LineView[];
  updated: LineView[];
  deleted: string[];
}

/** The card ids a change's new lines name (their other ends are cards it creates). */
export function lineEndIds(lines: ChangeLines | undefined): string[] {
  return (lines?.create ?? []).flatMap((line) => [line.from, line.to].filter((end): end is string => typeof end === "string"));
}

/**
 * Locks the lines a change updates or deletes, in id order, after its cards and before its snap
 * (the global lock order, docs/ARCHITECTURE.md); the snap of each that exists.
 */
export async function lockNamedLines(tx: Tx, lines: ChangeLines | undefined): Promise<Map<string, string>> {
  const ids = [...(lines?.update ?? []).map((line) => line.id), ...(lines?.delete ?? [])];
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ id: string; snapId: string }[]>`
    SELECT id, "snapId" FROM "Line" WHERE id = ANY(${ids}::text[]) ORDER BY id FOR UPDATE`;
  return new Map(rows.map((row) => [row.id, row.snapId]));
}

/**
 * The checks of `lines` against the snap, as POST …/lines and PATCH or DELETE /api/lines/:id make
 * them (access is the change's, checked on its snap): a line named is a line of this snap (404),
 * an end named by id is a card of this snap (400). With skipMissing such items are left out, as
 * cards are. A line deleted with its card is deleted once; an update of it is refused (or left out).
 */
export function checkLineChanges(
  lines: ChangeLines | undefined,
  {
    snapId,
    lineSnapOf,
    cardSnapOf,
    goneWithCards,
    skipMissing,
  }: {
    snapId: string;
    lineSnapOf: ReadonlyMap<string, string>;
    cardSnapOf: (id: string) => string | undefined;
    goneWithCards: ReadonlySet<string>;
    skipMissing: boolean;
  },
): LineWrites {
  const notFound: ErrorDetail[] = [];
  const bad: ErrorDetail[] = [];
  const inSnap = (id: string) => lineSnapOf.get(id) === snapId;
  const update = (lines?.update ?? []).filter((line, index) => {
    if (!inSnap(line.id)) return skipMissing ? false : (notFound.push({ path: `lines.update.${index}.id`, message: "No such line in this snap" }), false);
    if (!goneWithCards.has(line.id)) return true;
    if (!skipMissing) bad.push({ path: `lines.update.${index}.id`, message: "This line goes with a card this change deletes" });
    return false;
  });
  const deletes = (lines?.delete ?? []).filter((id, index) => {
    if (!inSnap(id)) return skipMissing ? false : (notFound.push({ path: `lines.delete.${index}`, message: "No such line in this snap" }), false);
    return !goneWithCards.has(id);
  });
  const create = (lines?.create ?? []).filter((line, index) => {
    const missing = (["from", "to"] as const).filter((end) => typeof line[end] === "string" && cardSnapOf(line[end]) !== snapId);
    if (missing.length && !skipMissing) bad.push(...missing.map((end) => ({ path: `lines.create.${index}.${end}`, message: "No such card in this snap" })));
    return missing.length === 0;
  });
  if (notFound.length) throw new ApiError("NOT_FOUND", "Line not found", notFound);
  if (bad.length) throw new ApiError("BAD_REQUEST", "Both cards of a line must belong to its snap", bad);
  return { create, update, delete: deletes };
}

/**
 * Writes them, after the change's cards: deletes, updates (looks left out keep their value) and
 * inserts (looks left out take the column defaults), one statement each whatever their number. An
 * end given by index is the card created at that index of `create`.
 */
export async function writeLineChanges(tx: Tx, snapId: string, writes: LineWrites, createdCardIds: readonly string[]): Promise<Omit<LineResults, "deleted">> {
  if (writes.delete.length) await tx.$executeRaw`DELETE FROM "Line" WHERE id = ANY(${writes.delete}::text[])`;
  let updated: LineView[] = [];
  if (writes.update.length) {
    const rows = await tx.$queryRaw<LineView[]>`
      UPDATE "Line" AS l SET color = COALESCE(v.color, l.color), style = COALESCE(v.style, l.style), arrow = COALESCE(v.arrow, l.arrow), "updatedAt" = now()
      FROM jsonb_to_recordset(${JSON.stringify(writes.update)}::jsonb) AS v(id text, color text, style "LineStyle", arrow "LineArrow")
      WHERE l.id = v.id
      RETURNING l.id, l."snapId", l."fromCardId", l."toCardId", l.color, l.style::text AS style, l.arrow::text AS arrow`;
    updated = inOrder(
      rows,
      writes.update.map((line) => line.id),
    );
  }
  let created: LineView[] = [];
  if (writes.create.length) {
    const cardId = (end: string | number) => (typeof end === "number" ? createdCardIds[end]! : end);
    const data = writes.create.map(({ from, to, ...looks }) => ({ id: createId(), snapId, fromCardId: cardId(from), toCardId: cardId(to), ...looks }));
    const rows = await tx.line.createManyAndReturn({ data, select: lineSelect });
    created = inOrder(
      rows,
      data.map((line) => line.id),
    );
  }
  return { created, updated };
}

function inOrder(rows: readonly LineView[], ids: readonly string[]): LineView[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}
