import "server-only";
import pg from "pg";
import { pool } from "@/lib/db/client";
import { preparedStatementsEnabled } from "@/lib/db/prepared-statements-enabled";
import { cardSelect } from "./card-selects";
import { lineSelect } from "./line-selects";
import { snapMembersColumn, type SnapAccessFacts } from "./snap-access";
import { snapFieldsSelect } from "./snap-selects";
import type { SnapVersion } from "./snap-version";

/** A timestamp as toISOString writes it. */
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A value as JSON.stringify writes it: null for NULL, a timestamp as toISOString gives it. */
function jsonValue(alias: string, column: string): string {
  if (column === "createdAt" || column === "updatedAt") return `to_json(${isoTime(`${alias}."${column}"`)})::text`;
  return `COALESCE(to_json(${alias}."${column}")::text, 'null')`;
}

/** `{"a":…,"b":…}` of the row `alias`'s columns, in order; `extra` adds fields given as SQL text. */
function jsonObject(alias: string, columns: string[], extra: Record<string, string> = {}): string {
  const pairs = [...columns.map((column) => [column, jsonValue(alias, column)]), ...Object.entries(extra)];
  return `'{' || ${pairs.map(([name, value], index) => `'${index ? "," : ""}"${name}":' || ${value}`).join(" || ")} || '}'`;
}

const list = (items: string) => `'[' || COALESCE(${items}, '') || ']'`;

// The fields (and their order) are findSnapDetail's: snapDetailSelect's scalars, folder, cards in
// grid order with id as tiebreak, lines by creation. Only jsonb fields differ from JSON.stringify's
// text, by the blank PostgreSQL writes after ':' and ','.
const SNAP_BODY_SQL = `'{"snap":' || ${jsonObject(
  "s",
  Object.keys(snapFieldsSelect).filter((field) => field !== "folder"),
  {
    folder: `COALESCE((SELECT ${jsonObject("f", ["id", "name"])} FROM "Folder" AS f WHERE f.id = s."folderId"), 'null')`,
    cards: list(`(SELECT string_agg(${jsonObject("c", Object.keys(cardSelect))}, ',' ORDER BY c.row, c.col, c.id) FROM "Card" AS c WHERE c."snapId" = s.id)`),
    lines: list(`(SELECT string_agg(${jsonObject("l", Object.keys(lineSelect))}, ',' ORDER BY l."createdAt", l.id) FROM "Line" AS l WHERE l."snapId" = s.id)`),
  },
)} || '}'`;

// $2..$4: the version (snapEtag's inputs) the caller already holds the body of, or nulls. When the
// snap is still at that version the body is not built (NULL): a cache hit costs PostgreSQL one
// indexed row instead of the cards turned into JSON. The body comes as bytes (bytea, in binary):
// the JSON never becomes a JavaScript string.
const BODY_WITH_ACCESS_SQL = `
  SELECT s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", ${snapMembersColumn("s")},
         ${isoTime('s."updatedAt"')} AS "updatedAt", s."folderId", f.name AS "folderName",
         CASE WHEN s."updatedAt" = $2 AND s."folderId" IS NOT DISTINCT FROM $3 AND f.name IS NOT DISTINCT FROM $4
              THEN NULL ELSE convert_to(${SNAP_BODY_SQL}, 'UTF8') END AS body
  FROM "Snap" AS s LEFT JOIN "Folder" AS f ON f.id = s."folderId" WHERE s.id = $1`;

const BYTEA = 17;
/** pg's parsers, but bytea in binary is the bytes as they came (pg's default turns it into a string). */
const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === BYTEA && format === "binary" ? (value: Buffer) => value : pg.types.getTypeParser(oid, format ?? "text"),
} as pg.CustomTypesConfig;

interface BodyRow extends Omit<SnapAccessFacts, "members"> {
  /** json in binary format is its text, which pg leaves as a string. */
  members: string;
  /** As ISO text: pg's parsers of binary timestamps and floats are not exact. */
  updatedAt: string;
  folderId: string | null;
  folderName: string | null;
  body: Buffer | null;
}

export interface SnapBodyRead {
  facts: SnapAccessFacts;
  /** What the snap's ETag is made of (lib/snaps/snap-etag.ts), read in the same statement as the body. */
  version: SnapVersion;
  /** `{"snap": …}` as GET /api/snaps/:id answers it; null when the snap is still at `unlessVersion`. */
  body: Buffer | null;
}

/**
 * The snap's answer to GET /api/snaps/:id as UTF-8 bytes built by PostgreSQL, with its access facts
 * and version, in one statement. The board never becomes JavaScript objects or a string on the way:
 * a full snap (its content budget, docs/API.md) costs its bytes outside the JavaScript heap, once.
 */
export async function readSnapBody(snapId: string, unlessVersion?: SnapVersion): Promise<SnapBodyRead | null> {
  const known = unlessVersion ? [unlessVersion.updatedAt, unlessVersion.folderId, unlessVersion.folder?.name ?? null] : [null, null, null];
  // `binary` (results in PostgreSQL's binary format) is pg's, missing from its types.
  const query: pg.QueryConfig & { binary: boolean } = {
    name: preparedStatementsEnabled() ? "snap_body_with_access" : undefined,
    text: BODY_WITH_ACCESS_SQL,
    values: [snapId, ...known],
    binary: true,
    types,
  };
  const { rows } = await pool.query<BodyRow>(query);
  const row = rows[0];
  if (!row) return null;
  const { userId, workspaceId, sharedWithWorkspace, shareMode, members, updatedAt, folderId, folderName, body } = row;
  const version = { id: snapId, updatedAt: new Date(updatedAt), folderId, folder: folderName === null ? null : { name: folderName } };
  return { facts: { userId, workspaceId, sharedWithWorkspace, shareMode, members: JSON.parse(members) as SnapAccessFacts["members"] }, version, body };
}
