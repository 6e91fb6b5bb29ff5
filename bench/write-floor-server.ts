/**
 * The write floor: a plain node:http + pg server doing the durable work of the app's single writes
 * (PATCH, POST and DELETE /api/snaps/cards/:id, PATCH /api/lines/:id) in ONE round trip each,
 * answering what the app answers. Its statement is the app's own (lib/cards/*-sql.ts,
 * lib/lines/update-line-sql.ts: the access rule, the write only where the caller may edit, the
 * version, the SnapEvent and its pruning, history, the feed event, the outbox and the NOTIFY) with
 * the caller read in it too: the API key by id (proven with bcrypt once per process, as the app
 * and the read floor do) and still not revoked, with its membership. No framework, no ORM, no
 * second round trip: what is left is the cost of HTTP, pg and JSON on this hardware.
 *
 * Run by the bench as a child process: `node --conditions=react-server --import tsx bench/write-floor-server.ts`
 * (react-server: the SQL modules sit beside server-only ones); prints `listening <port>` once ready.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import bcrypt from "bcrypt";
import pg from "pg";
import { CARD_COLUMN_TYPES, type CardColumn } from "../lib/board-model/card-column-types";
import { cardEtag } from "../lib/cards/card-etag";
import type { CardView } from "../lib/board-model/card-selects";
import { createCardSql } from "../lib/cards/create-card-sql";
import { deleteCardSql } from "../lib/cards/delete-card-sql";
import { updateCardSql } from "../lib/cards/update-card-sql";
import type { NamedSql } from "../lib/db/named-sql";
import { historyRetentionDays } from "../lib/history/history-config";
import { updateLineSql } from "../lib/lines/update-line-sql";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const provenKeyIds = new Map<string, string>();
const KEY_PATTERN = /^service_sk_[A-Za-z0-9_-]{48}$/;
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

async function provenKeyId(authorization: string | undefined): Promise<string | null> {
  const key = /^Bearer (\S+)$/.exec(authorization?.trim() ?? "")?.[1];
  if (!key || !KEY_PATTERN.test(key)) return null;
  const fingerprint = createHash("sha256").update(key).digest("base64url");
  let keyId = provenKeyIds.get(fingerprint);
  if (!keyId) {
    const { rows } = await pool.query<{ id: string; keyHash: string }>(`SELECT id, "keyHash" FROM "ApiKey" WHERE prefix = $1 AND "revokedAt" IS NULL`, [
      key.slice(0, 20),
    ]);
    for (const row of rows) if (await bcrypt.compare(key, row.keyHash)) keyId = row.id;
    if (!keyId) return null;
    provenKeyIds.set(fingerprint, keyId);
  }
  return keyId;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
}

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

const server = createServer((request, response) => {
  (async () => {
    const keyId = await provenKeyId(request.headers.authorization);
    if (!keyId) return send(response, 401, { error: { code: "UNAUTHORIZED" } });
    const common = {
      actorType: "apiKey",
      actorApiKeyId: keyId,
      baseVersion: request.headers["base-version"] ? Number(request.headers["base-version"]) : null,
      eventId: `evt_${randomBytes(16).toString("base64url")}`,
      retentionDays: historyRetentionDays(),
    };
    const card = /^\/api\/snaps\/cards\/([^/?]+)$/.exec(request.url ?? "")?.[1];
    const line = /^\/api\/lines\/([^/?]+)$/.exec(request.url ?? "")?.[1];
    let row: Row;
    if (card && request.method === "PATCH") {
      const fields = await readJson(request);
      row = await run(UPDATE_CARD, { ...common, cardId: card, fields: JSON.stringify(fields), fieldNames: Object.keys(fields).sort(), ifMatch: null });
    } else if (card && request.method === "POST") {
      const fields = await readJson(request);
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
      const fields = await readJson(request);
      row = await run(UPDATE_LINE, { ...common, lineId: line, fields: JSON.stringify(fields) });
    } else {
      return send(response, 404, { error: { code: "NOT_FOUND" } });
    }
    if (!row.found) return send(response, 404, { error: { code: "NOT_FOUND" } });
    if (!row.editable) return send(response, 403, { error: { code: "FORBIDDEN" } });
    if (!row.version) return send(response, 404, { error: { code: "NOT_FOUND" } });
    const version = { "snap-version": String(row.version) };
    if (line) return send(response, 200, { line: row.line }, version);
    if (request.method === "DELETE") return send(response, 200, { success: true }, version);
    if (request.method === "POST") return send(response, 201, { card: row.card }, version);
    return send(response, 200, { card: row.card }, { ...version, etag: cardEtag(row.card!), "cache-control": "private, no-cache" });
  })().catch((error: unknown) => {
    console.error(error);
    send(response, 500, { error: { code: "INTERNAL" } });
  });
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
