import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";
import { findPrototypeKey } from "@/lib/http/find-prototype-key";
import { unstorableTextProblem } from "@/lib/http/find-unstorable-text";
import { gridSize } from "@/lib/board-look/grid-geometry";
import { jsonPath } from "./json-path";
import { snapDocumentSchema, type SnapDocument } from "./transfer-schemas";

/** A refused document names its first problems; thousands of bad cards need not all be listed. */
const MAX_DETAILS = 100;

/**
 * An export document checked against every bound of the API, plus what only the whole document can
 * say: card keys unique, lines between two different known cards, cards and sized tracks inside
 * snap.rows x snap.cols. Throws a 400 whose details name each problem by JSON path (`cards[3].row`).
 */
export function parseSnapDocument(value: unknown): SnapDocument {
  // zod's records skip a `__proto__` key silently; the strict objects (cards, lines) refuse it
  // themselves, so only the snap's record fields (rowHeights, colWidths) need walking.
  const snap = value !== null && typeof value === "object" ? (value as { snap?: unknown }).snap : undefined;
  const prototypeKey = findPrototypeKey(snap, "snap");
  if (prototypeKey) refuse([{ ...prototypeKey, path: `snap.${prototypeKey.path}` }]);
  const result = snapDocumentSchema.safeParse(value);
  if (!result.success) refuse(result.error.issues.map((issue) => ({ path: jsonPath(issue.path), message: issue.message })));
  const document = result.data;
  const problems = [...unstorableTexts(document), ...crossFieldProblems(document)];
  if (problems.length) refuse(problems);
  return document;
}

function refuse(details: ErrorDetail[]): never {
  const shown = details.slice(0, MAX_DETAILS);
  if (details.length > MAX_DETAILS) shown.push({ path: "(body)", message: `…and ${details.length - MAX_DETAILS} more problems` });
  throw new ApiError("BAD_REQUEST", `Invalid snap document: ${details[0]!.path} ${details[0]!.message}`, shown);
}

/**
 * Free text PostgreSQL could not store as sent (NUL, lone surrogates). Checked on the parsed
 * document, whose other strings are held to patterns: walking the raw input instead cost more
 * than the zod parse itself for a 10,000-card board.
 */
function unstorableTexts({ snap, cards }: SnapDocument): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const check = (path: string, text: string | null) => {
    const problem = text === null ? null : unstorableTextProblem(text);
    if (problem) problems.push({ path, message: problem });
  };
  check("snap.title", snap.title);
  check("snap.subtitle", snap.subtitle);
  check("snap.icon", snap.icon);
  cards.forEach((card, index) => {
    check(`cards[${index}].title`, card.title);
    check(`cards[${index}].note`, card.note);
  });
  return problems;
}

function crossFieldProblems({ snap, cards, lines }: SnapDocument): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const keyIndex = new Map<string, number>();
  cards.forEach((card, index) => {
    const first = keyIndex.get(card.key);
    if (first === undefined) keyIndex.set(card.key, index);
    else problems.push({ path: `cards[${index}].key`, message: `Duplicate key (also cards[${first}].key)` });
    if (card.row + card.rowSpan > snap.rows) {
      problems.push({
        path: `cards[${index}].row`,
        message: `Outside the grid: row ${card.row} with rowSpan ${card.rowSpan} needs more than snap.rows (${snap.rows})`,
      });
    }
    if (card.col + card.colSpan > snap.cols) {
      problems.push({
        path: `cards[${index}].col`,
        message: `Outside the grid: col ${card.col} with colSpan ${card.colSpan} needs more than snap.cols (${snap.cols})`,
      });
    }
  });
  lines.forEach((line, index) => {
    for (const end of ["from", "to"] as const) {
      if (!keyIndex.has(line[end])) problems.push({ path: `lines[${index}].${end}`, message: `No card has the key "${line[end]}"` });
    }
    if (line.from === line.to) problems.push({ path: `lines[${index}].to`, message: "A line joins two different cards" });
  });
  for (const [field, axis, count] of [
    ["rowHeights", "rows", snap.rows],
    ["colWidths", "cols", snap.cols],
  ] as const) {
    for (const key of Object.keys(snap[field])) {
      if (Number(key) >= count) problems.push({ path: `snap.${field}["${key}"]`, message: `Outside the grid: snap.${axis} is ${count}` });
    }
  }
  // The grid is as large as its cards and sized tracks (as the board draws it); larger declared
  // rows or cols are kept by sizing the last track, which only works up to index 999.
  const extent = gridSize(cards, snap.rowHeights, snap.colWidths);
  for (const axis of ["rows", "cols"] as const) {
    if (snap[axis] > extent[axis] && snap[axis] > 1000) {
      problems.push({ path: `snap.${axis}`, message: `Past 1000, ${axis} come only from cards that reach them (the cards reach ${extent[axis]})` });
    }
  }
  return problems;
}
