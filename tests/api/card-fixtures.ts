import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { ApiResponse, Caller } from "./helpers";
import { sql, type TeamMember } from "./fixtures";

/** A cuid-like id for rows arranged with SQL (Prisma's default does not run there). */
export function newId(): string {
  return `c${randomBytes(12).toString("hex")}`;
}

/** A card as the API returns it: exactly these keys. */
export const CARD_KEYS = [
  "id",
  "snapId",
  "title",
  "row",
  "col",
  "rowSpan",
  "colSpan",
  "color",
  "cellType",
  "completed",
  "note",
  "textAlign",
  "verticalAlign",
  "fontSize",
  "bold",
  "italic",
  "underline",
  "borderRadius",
  "borderSize",
  "cellOpacity",
  "locked",
  "attachments",
].sort();

/** The create defaults (docs/API.md, "Cards") plus the schema's. */
export const CARD_DEFAULTS = {
  title: "",
  rowSpan: 1,
  colSpan: 1,
  color: "",
  cellType: "normal",
  completed: false,
  note: "",
  textAlign: "left",
  verticalAlign: "top",
  fontSize: "text-sm",
  bold: false,
  italic: false,
  underline: false,
  borderRadius: 8,
  borderSize: 1,
  cellOpacity: 100,
  locked: false,
  attachments: [],
} as const;

export interface SnapFixture {
  id: string;
  /** Card ids in grid order (row, then column). */
  cardIds: string[];
}

export interface SnapOptions {
  sharedWithWorkspace?: boolean;
  shareMode?: "view" | "comment" | "edit";
  /** How many cards to create, in one row of that many columns. */
  cards?: number;
}

/** A snap owned by `owner` in their workspace, with `cards` cards titled "card 0", "card 1", … */
export async function insertSnap(owner: TeamMember, options: SnapOptions = {}): Promise<SnapFixture> {
  const id = newId();
  await sql().query(
    `INSERT INTO "Snap" (id, "userId", "workspaceId", "sharedWithWorkspace", "shareMode", "updatedAt")
     SELECT $1, $2, "workspaceId", $3, $4::"ShareMode", now() - interval '1 hour' FROM "Membership" WHERE "userId" = $2`,
    [id, owner.id, options.sharedWithWorkspace ?? false, options.shareMode ?? "view"],
  );
  const cardIds = Array.from({ length: options.cards ?? 0 }, newId);
  if (cardIds.length) {
    await sql().query(
      `INSERT INTO "Card" (id, "snapId", row, col, title)
       SELECT card, $2, 0, (ord - 1)::int, 'card ' || (ord - 1) FROM unnest($1::text[]) WITH ORDINALITY AS t(card, ord)`,
      [cardIds, id],
    );
  }
  return { id, cardIds };
}

/** The API-visible fields of the given cards as stored, keyed by id. */
export async function storedCards(ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const columns = CARD_KEYS.map((key) => `"${key}"`).join(", ");
  const { rows } = await sql().query(`SELECT ${columns} FROM "Card" WHERE id = ANY($1)`, [ids]);
  return new Map(rows.map((row) => [row.id as string, row]));
}

export async function countCards(snapId: string): Promise<number> {
  const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "Card" WHERE "snapId" = $1`, [snapId]);
  return rows[0].n;
}

export async function snapUpdatedAt(snapId: string): Promise<number> {
  const { rows } = await sql().query(`SELECT "updatedAt" FROM "Snap" WHERE id = $1`, [snapId]);
  return (rows[0].updatedAt as Date).getTime();
}

/** An error in the error body (docs/API.md, "Errors"), optionally with the expected detail paths, in order. */
export function expectError(response: Pick<ApiResponse, "status" | "body">, status: number, code: string, paths?: string[]): void {
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status, code });
  expect(response.body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  // The error body and nothing more: code, message and, where useful, details.
  expect(
    Object.keys(response.body.error)
      .filter((key) => key !== "details")
      .sort(),
  ).toEqual(["code", "message"]);
  if (paths) expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(paths);
}

/** Exactly a card: every card field and nothing else. */
export function expectCard(card: unknown, expected: Record<string, unknown>): void {
  expect(Object.keys(card as object).sort()).toEqual(CARD_KEYS);
  expect(card).toEqual({ id: expect.any(String), ...CARD_DEFAULTS, ...expected });
}

export type Who = "none" | "outsider" | "member" | "admin" | "owner";

/** How a matrix row calls: with a key or a session cookie (both must behave the same). */
export function callerOf(member: TeamMember | undefined, via: "key" | "cookie"): Caller {
  if (!member) return {};
  return via === "key" ? { key: member.key } : { cookie: member.cookie };
}
