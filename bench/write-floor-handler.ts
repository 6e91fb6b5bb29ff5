/**
 * The write floor's work, served by two floors (docs/PERFORMANCE.md, "Single writes"): a plain
 * node:http server (bench/write-floor-server.ts) and a bare Next.js app of the app's own Next
 * version with one route handler (bench/next-floor/). Each single write (PATCH, POST and DELETE
 * /api/snaps/cards/:id, PATCH /api/lines/:id) is ONE round trip, answering what the app answers. Its
 * statement is the app's own (lib/cards/*-sql.ts, lib/lines/update-line-sql.ts: the access rule,
 * the write only where the caller may edit, the version, the SnapEvent and its pruning, history,
 * the feed event, the outbox and the NOTIFY) with the caller read in it too: the API key by id
 * (proven with bcrypt once per process, as the app does) and still not revoked, with its
 * membership. No ORM, no second round trip, no request frame: what is left is the cost of HTTP
 * (node's alone, or Next's), pg and JSON on this hardware.
 */
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { CARD_COLUMN_TYPES, type CardColumn } from "../lib/board-model/card-column-types";
import type { CardView } from "../lib/board-model/card-selects";
import { cardEtag } from "../lib/cards/card-etag";
import { createCardSql } from "../lib/cards/create-card-sql";
import { deleteCardSql } from "../lib/cards/delete-card-sql";
import { updateCardSql } from "../lib/cards/update-card-sql";
import type { NamedSql } from "../lib/db/named-sql";
import { historyRetentionDays } from "../lib/history/history-config";
import { updateLineSql } from "../lib/lines/update-line-sql";
import { keyProver } from "./floor-key";
import { MINIMAL_CARD_UPDATE_SQL } from "./minimal-write-sql";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const keyUsers = new Map<string, string>();
/** The key's user, read once per key (the minimal statement takes the actor as a parameter). */
async function keyUserId(keyId: string): Promise<string> {
  let userId = keyUsers.get(keyId);
  if (!userId) {
    userId = (await pool.query<{ userId: string }>(`SELECT "userId" FROM "ApiKey" WHERE id = $1`, [keyId])).rows[0]!.userId;
    keyUsers.set(keyId, userId);
  }
  return userId;
}
const provenKeyId = keyProver(pool);
const FIELDS = Object.keys(CARD_COLUMN_TYPES) as CardColumn[];

// The caller comes from the statement's first CTE; the key's id is the actor's key parameter.
const CALLER = {
  callerUserId: `(SELECT "userId" FROM caller)`,
  actorUserId: `(SELECT "userId" FROM caller)`,
  callerWorkspaceId: `(SELECT "workspaceId" FROM caller)`,
  callerRole: `(SELECT role FROM caller)`,
};
function withCaller<N extends string>(statement: NamedSql<N | "actorApiKeyId">): NamedSql<N | "actorApiKeyId"> {
  const caller = `caller AS (
    SELECT k."userId", m."workspaceId", m.role::text AS role FROM "ApiKey" AS k JOIN "Membership" AS m ON m."userId" = k."userId"
    WHERE k.id = ${statement.placeholder("actorApiKeyId")} AND k."revokedAt" IS NULL), `;
  return { ...statement, text: statement.text.replace(/^WITH /, `WITH ${caller}`) };
}
const UPDATE_CARD = withCaller(updateCardSql(CALLER));
const DELETE_CARD = withCaller(deleteCardSql(CALLER));
const UPDATE_LINE = withCaller(updateLineSql(CALLER));
const createStatements = new Map<string, ReturnType<typeof withCaller>>();

interface Row {
  found: boolean;
  editable: boolean | null;
  card?: CardView | null;
  line?: unknown;
  deleted?: boolean;
  snapId: string | null;
  version: number | null;
}

/** The caller's fields are the statement's own (CALLER), so `values` leaves them out. */
async function run(statement: NamedSql<never>, values: Record<string, unknown>): Promise<Row> {
  const name = createHash("sha1").update(statement.text).digest("hex").slice(0, 24);
  const { rows } = await pool.query<Row>({ name, text: statement.text, values: statement.bind(values as never) });
  return rows[0]!;
}

export interface FloorWrite {
  method: string;
  /** The request's path, without its query. */
  path: string;
  authorization: string | null;
  baseVersion: string | null;
  readJson(): Promise<Record<string, unknown>>;
}

export interface FloorAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): FloorAnswer => ({ status, body, headers });

/** One single write, as the app answers it. */
export async function answerFloorWrite(request: FloorWrite): Promise<FloorAnswer> {
  const keyId = await provenKeyId(request.authorization);
  if (!keyId) return answer(401, { error: { code: "UNAUTHORIZED" } });
  const common = {
    actorType: "apiKey",
    actorApiKeyId: keyId,
    baseVersion: request.baseVersion ? Number(request.baseVersion) : null,
    eventId: `evt_${randomBytes(16).toString("base64url")}`,
    retentionDays: historyRetentionDays(),
  };
  const minimal = /^\/api\/minimal\/cards\/([^/]+)$/.exec(request.path)?.[1];
  if (minimal && request.method === "PATCH") {
    // Scenario hm: the least statement with the same effects (bench/minimal-write-sql.ts), to weigh the app's statement by.
    const { title } = await request.readJson();
    const { rows } = await pool.query<{ card: CardView; version: number }>({
      name: "minimal-card-update",
      text: MINIMAL_CARD_UPDATE_SQL,
      values: [minimal, title, await keyUserId(keyId), keyId, common.eventId],
    });
    if (!rows[0]) return answer(404, { error: { code: "NOT_FOUND" } });
    return answer(200, { card: rows[0].card }, { "snap-version": String(rows[0].version), etag: cardEtag(rows[0].card), "cache-control": "private, no-cache" });
  }
  const card = /^\/api\/snaps\/cards\/([^/]+)$/.exec(request.path)?.[1];
  const line = /^\/api\/lines\/([^/]+)$/.exec(request.path)?.[1];
  let row: Row;
  if (card && request.method === "PATCH") {
    const fields = await request.readJson();
    row = await run(UPDATE_CARD, { ...common, cardId: card, fields: JSON.stringify(fields), fieldNames: Object.keys(fields).sort(), ifMatch: null });
  } else if (card && request.method === "POST") {
    const fields = await request.readJson();
    const given = FIELDS.filter((field) => fields[field] !== undefined);
    let statement = createStatements.get(given.join(","));
    if (!statement) createStatements.set(given.join(","), (statement = withCaller(createCardSql(given, CALLER))));
    row = await run(statement, {
      ...common,
      snapId: card,
      cardId: `c${randomBytes(12).toString("hex")}`,
      fields: JSON.stringify(fields),
      fieldNames: Object.keys(fields).sort(),
    });
  } else if (card && request.method === "DELETE") {
    row = await run(DELETE_CARD, { ...common, cardId: card });
  } else if (line && request.method === "PATCH") {
    const fields = await request.readJson();
    row = await run(UPDATE_LINE, { ...common, lineId: line, fields: JSON.stringify(fields) });
  } else {
    return answer(404, { error: { code: "NOT_FOUND" } });
  }
  if (!row.found) return answer(404, { error: { code: "NOT_FOUND" } });
  if (!row.editable) return answer(403, { error: { code: "FORBIDDEN" } });
  if (!row.version) return answer(404, { error: { code: "NOT_FOUND" } });
  const version = { "snap-version": String(row.version) };
  if (line) return answer(200, { line: row.line }, version);
  if (request.method === "DELETE") return answer(200, { success: true }, version);
  if (request.method === "POST") return answer(201, { card: row.card }, version);
  return answer(200, { card: row.card }, { ...version, etag: cardEtag(row.card!), "cache-control": "private, no-cache" });
}

/** Ends the floor's pool (at the server's stop). */
export const endFloorPool = (): Promise<void> => pool.end();
