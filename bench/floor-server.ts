/**
 * Scenario g: the floor. A plain node:http + pg server answering GET /api/snaps/:id with what the
 * app answers (same JSON, checked by bench/run.ts) and the same database work, written by hand:
 * - the API key: SHA-256 fingerprint → key id after one bcrypt compare per key, then the indexed
 *   lookup of the key with its membership that still reads revokedAt (lib/auth/api-keys);
 * - the snap's row with its folder (also its access facts, checked as lib/board-model/snap-access.ts does);
 * - its cards in grid order and its lines, in parallel.
 * No framework, no ORM: what is left is the cost of HTTP, pg and JSON on this hardware.
 *
 * Run by the bench as a child process: `node --import tsx bench/floor-server.ts`; prints
 * `listening <port>` once ready. DATABASE_URL names the database; DATABASE_POOL_SIZE as for the app.
 */
import { createServer, type ServerResponse } from "node:http";
import pg from "pg";
import { cardSelect } from "../lib/board-model/card-selects";
import { lineSelect } from "../lib/board-model/line-selects";
import { snapFieldsSelect } from "../lib/board-model/snap-selects";
import { keyProver } from "./floor-key";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const provenKeyId = keyProver(pool);

// The columns of the app's response shape (pg returns enum values as their text): the floor reads
// exactly the fields the app sends, whatever they become, and bench/run.ts checks the bodies match.
const columns = (alias: string, select: object) =>
  Object.keys(select)
    .map((field) => `${alias}."${field}"`)
    .join(", ");
const SNAP_SQL = `
  SELECT ${columns("s", Object.fromEntries(Object.entries(snapFieldsSelect).filter(([field]) => field !== "folder")))},
         s."workspaceId", f.id AS "f_id", f.name AS "f_name"
  FROM "Snap" s LEFT JOIN "Folder" f ON f.id = s."folderId"
  WHERE s.id = $1`;
const CARDS_SQL = `SELECT ${columns("c", cardSelect)} FROM "Card" c WHERE "snapId" = $1 ORDER BY row, col, id`;
const LINES_SQL = `SELECT ${columns("l", lineSelect)} FROM "Line" l WHERE "snapId" = $1 ORDER BY "createdAt", id`;

interface Caller {
  userId: string;
  workspaceId: string;
  role: string;
}

async function authenticate(authorization: string | undefined): Promise<Caller | null> {
  const keyId = await provenKeyId(authorization);
  if (!keyId) return null;
  const { rows } = await pool.query<Caller>(
    `SELECT k."userId", m."workspaceId", m.role::text AS role
     FROM "ApiKey" k JOIN "Membership" m ON m."userId" = k."userId"
     WHERE k.id = $1 AND k."revokedAt" IS NULL`,
    [keyId],
  );
  return rows[0] ?? null;
}

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

const server = createServer((request, response) => {
  const snapId = /^\/api\/snaps\/([^/?]+)$/.exec(request.url ?? "")?.[1];
  if (request.method !== "GET" || !snapId) return send(response, 404, { error: { code: "NOT_FOUND" } });
  (async () => {
    const caller = await authenticate(request.headers.authorization);
    if (!caller) return send(response, 401, { error: { code: "UNAUTHORIZED" } });
    const { rows } = await pool.query(SNAP_SQL, [snapId]);
    const row = rows[0];
    if (!row) return send(response, 404, { error: { code: "NOT_FOUND" } });
    const visible = row.userId === caller.userId || (row.sharedWithWorkspace && row.workspaceId === caller.workspaceId);
    if (!visible) return send(response, 403, { error: { code: "FORBIDDEN" } });
    const [cards, lines] = await Promise.all([pool.query(CARDS_SQL, [snapId]), pool.query(LINES_SQL, [snapId])]);
    const { f_id: folderId, f_name: folderName, ...fields } = row;
    delete fields.workspaceId; // read for the access check; not part of the response
    send(response, 200, {
      snap: { ...fields, folder: folderId ? { id: folderId, name: folderName } : null, cards: cards.rows, lines: lines.rows },
    });
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
