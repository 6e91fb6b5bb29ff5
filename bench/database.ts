/**
 * The benchmark's database: a fresh PostgreSQL database on the server of DATABASE_URL (or the local
 * one), migrated with the app's own runner and seeded with plain SQL (never through the API, which
 * is what is being measured). Dropped again at the end of the run.
 */
import { createHash } from "node:crypto";
import bcrypt from "bcrypt";
import { encode } from "next-auth/jwt";
import pg from "pg";
import { displayPrefix, generateApiKeySecret } from "../lib/auth/api-keys/key-format";
import { applyMigrations } from "../lib/db/migrate";
import { ACCESS_TOKEN_PREFIX, generateSecret, hashSecret } from "../lib/auth/access-tokens/token-format";

/** The term scenario f searches for; 3 % of the titles and 1 % of the subtitles contain it (see seedListingSnaps). */
export const SEARCH_TERM = "roadmap";
/** Auth.js's cookie name over plain http; also the JWE salt. */
export const SESSION_COOKIE = "authjs.session-token";
/** Same cost as lib/auth/api-keys/create-api-key.ts. */
const KEY_BCRYPT_COST = 10;

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database next to DATABASE_URL's (or on 127.0.0.1:5432) and migrates it. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const base = new URL(process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres");
  const name = `snap_bench_${Date.now()}_${process.pid}`;
  const admin = new URL(base);
  admin.pathname = "/postgres";
  const url = new URL(base);
  url.pathname = `/${name}`;

  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  try {
    await adminClient.query(`CREATE DATABASE ${name}`);
  } finally {
    await adminClient.end();
  }
  await applyMigrations(url.toString());

  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A cuid-shaped id that is the same for the same label on every run (c + 24 hex characters). */
export function benchId(label: string): string {
  return `c${createHash("sha256").update(label).digest("hex").slice(0, 24)}`;
}

export interface Fixtures {
  userId: string;
  workspaceId: string;
  apiKey: string;
  sessionCookie: string;
  /** Scenarios b, c, g: the 10×10 snap of 100 cards (and a few lines) that is read. */
  readSnapId: string;
  /** Scenario d: one 10×10 snap per connection, so that concurrent batches do not queue on each other's row locks. */
  patchSnaps: { snapId: string; cardIds: string[] }[];
  /** Scenario e: one snap per connection that receives the new cards. */
  insertSnapIds: string[];
}

/** SQL for `count` 10×10 snaps of 100 cards each, owned by the bench user. */
async function insertGridSnaps(client: pg.Client, fixtures: Pick<Fixtures, "userId" | "workspaceId">, snapIds: string[], cards: boolean) {
  await client.query(
    `INSERT INTO "Snap" (id, "userId", "workspaceId", title, subtitle, icon, "rowHeights", "colWidths")
     SELECT id, $2, $3, 'Planning board ' || ord, 'A 10×10 board', '🗂', '{"0": 48}', '{"0": 160, "1": 120}'
     FROM unnest($1::text[]) WITH ORDINALITY AS s(id, ord)`,
    [snapIds, fixtures.userId, fixtures.workspaceId],
  );
  if (!cards) return;
  await client.query(
    `INSERT INTO "Card" (id, "snapId", title, row, col, color, "cellType", completed, note, "textAlign", bold)
     SELECT 'c' || substr(md5(s.id || ':' || g), 1, 24), s.id,
            'Task ' || (g / 10) || '.' || (g % 10), g / 10, g % 10,
            (ARRAY['', '#fde68a', '#bfdbfe', '#bbf7d0', '#fecaca'])[1 + g % 5],
            (ARRAY['normal', 'todo', 'status', 'link'])[1 + g % 4],
            g % 3 = 0,
            CASE WHEN g % 4 = 0 THEN 'Follow up with the team about item ' || g || '; the notes run to a sentence or two.' ELSE '' END,
            (ARRAY['left', 'center', 'right'])[1 + g % 3]::"TextAlign",
            g % 7 = 0
     FROM unnest($1::text[]) AS s(id), generate_series(0, 99) AS g`,
    [snapIds],
  );
}

/**
 * The user, workspace, API key, session cookie and the small snaps of scenarios b–e.
 * `connections` snaps are made for d and for e (one per autocannon connection).
 */
export async function seedFixtures(url: string, authSecret: string, connections: number): Promise<Fixtures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const userId = benchId("user:bench");
    const colleagueId = benchId("user:colleague");
    const workspaceId = benchId("workspace");
    const passwordHash = await bcrypt.hash("not used by the bench", 4);
    await client.query(`INSERT INTO "Workspace" (id, name) VALUES ($1, 'Bench workspace')`, [workspaceId]);
    await client.query(
      `INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES
         ($1, 'bench@example.com', 'Bench User', $3, now()), ($2, 'colleague@example.com', 'Colleague', $3, now())`,
      [userId, colleagueId, passwordHash],
    );
    await client.query(`INSERT INTO "Membership" ("userId", "workspaceId", role) VALUES ($1, $3, 'admin'), ($2, $3, 'member')`, [
      userId,
      colleagueId,
      workspaceId,
    ]);

    // The key as lib/auth/api-keys/create-api-key.ts stores it: a bcrypt hash and the display prefix.
    const apiKey = generateApiKeySecret();
    await client.query(`INSERT INTO "ApiKey" (id, "userId", name, prefix, "keyHash") VALUES ($1, $2, 'bench', $3, $4)`, [
      benchId("apikey"),
      userId,
      displayPrefix(apiKey),
      await bcrypt.hash(apiKey, KEY_BCRYPT_COST),
    ]);
    // The JWE Auth.js itself sets at sign-in (same salt and secret the server decodes with).
    const token = await encode({ token: { sub: userId }, secret: authSecret, salt: SESSION_COOKIE, maxAge: 24 * 60 * 60 });
    const sessionCookie = `${SESSION_COOKIE}=${token}`;

    const fixtures = { userId, workspaceId };
    const readSnapId = benchId("snap:read");
    await insertGridSnaps(client, fixtures, [readSnapId], true);
    // A few lines between cards of the read snap, so the detail carries them too.
    await client.query(
      `INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId", style, arrow)
       SELECT 'c' || substr(md5('line:' || g), 1, 24), $1,
              'c' || substr(md5($1 || ':' || g), 1, 24), 'c' || substr(md5($1 || ':' || (g + 11)), 1, 24),
              (ARRAY['solid', 'dashed'])[1 + g % 2]::"LineStyle", 'end'
       FROM generate_series(0, 9) AS g`,
      [readSnapId],
    );

    const patchSnapIds = Array.from({ length: connections }, (_, index) => benchId(`snap:patch:${index}`));
    await insertGridSnaps(client, fixtures, patchSnapIds, true);
    const { rows } = await client.query<{ snapId: string; ids: string[] }>(
      `SELECT "snapId", array_agg(id ORDER BY row, col) AS ids FROM "Card" WHERE "snapId" = ANY($1) GROUP BY "snapId"`,
      [patchSnapIds],
    );
    const patchSnaps = rows.map((row) => ({ snapId: row.snapId, cardIds: row.ids }));

    const insertSnapIds = Array.from({ length: connections }, (_, index) => benchId(`snap:insert:${index}`));
    await insertGridSnaps(client, fixtures, insertSnapIds, false);

    await client.query("ANALYZE");
    return { userId, workspaceId, apiKey, sessionCookie, readSnapId, patchSnaps, insertSnapIds };
  } finally {
    await client.end();
  }
}

/**
 * Grows the workspace to `total` listing snaps (ids 1..total of the series; rows already there are
 * kept, so 10,000 then 100,000 only inserts the difference). Shaped like a real workspace:
 * - 70 % are the bench user's (a fifth of them shared with the workspace), 30 % a colleague's
 *   (half shared, half private, which the listing must leave out);
 * - titles are built from word lists; 3 % contain "roadmap" (2 % visible to the bench user: their
 *   own and the colleague's shared ones, 1 % the colleague's private ones), 1 % of the subtitles
 *   mention it, and many near misses share its trigrams ("Road trip", "Site map", "Mind map");
 * - a third are in one of 20 folders; updatedAt spreads over about two years (10 minutes apart);
 * - about one snap in nine has a 3×4 grid of cards (every visible "roadmap" title among them), so
 *   previewCells and cellCount have something to read.
 */
export async function seedListingSnaps(url: string, fixtures: Fixtures, total: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const colleagueId = benchId("user:colleague");
    await client.query(
      `INSERT INTO "Folder" (id, "workspaceId", "userId", name, "updatedAt")
       SELECT 'c' || substr(md5('folder:' || f), 1, 24), $1, $2, 'Folder ' || f, now() FROM generate_series(0, 19) AS f
       ON CONFLICT (id) DO NOTHING`,
      [fixtures.workspaceId, fixtures.userId],
    );
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Snap" WHERE id LIKE 'l%'`);
    const from = (rows[0]?.n ?? 0) + 1;
    if (from > total) return;

    await client.query(
      `INSERT INTO "Snap" (id, "userId", "workspaceId", "folderId", title, subtitle, icon, "isPublic",
                           "sharedWithWorkspace", "shareMode", "createdAt", "updatedAt")
       SELECT 'l' || substr(md5('snap:' || i), 1, 24),
              CASE WHEN i % 10 < 7 THEN $1 ELSE $2 END,
              $3,
              CASE WHEN i % 3 = 0 THEN 'c' || substr(md5('folder:' || (i % 20)), 1, 24) END,
              CASE WHEN i % 100 IN (3, 17, 58) THEN (ARRAY['Q1', 'Q2', 'Q3', 'Q4', '2027'])[1 + i % 5] || ' product roadmap ' || (i / 100)
                   ELSE (ARRAY['Sprint', 'Launch', 'Road trip', 'Hiring', 'Budget', 'Site map', 'Design', 'Research',
                               'Onboarding', 'Retro', 'Marketing', 'Mind map', 'Ops', 'Content', 'Sales'])[1 + i % 15]
                        || ' ' || (ARRAY['plan', 'board', 'notes', 'tracker', 'review', 'ideas', 'checklist'])[1 + (i / 15) % 7]
                        || ' #' || i
              END,
              CASE WHEN i % 97 = 3 THEN 'Feeds the roadmap review' WHEN i % 4 = 0 THEN 'Owner: team ' || (i % 12) END,
              CASE WHEN i % 5 = 0 THEN (ARRAY['📌', '🚀', '🧭', '✅'])[1 + i % 4] END,
              i % 11 = 0,
              CASE WHEN i % 10 < 7 THEN i % 5 = 0 ELSE i % 2 = 0 END,
              (CASE WHEN i % 6 = 0 THEN 'edit' ELSE 'view' END)::"ShareMode",
              now() - make_interval(mins => ($4::int - i) * 10 + 30 + (hashint4(i) & 511)),
              now() - make_interval(mins => ($4::int - i) * 10 + (hashint4(i) & 511))
       FROM generate_series($5::int, $4::int) AS i`,
      [fixtures.userId, colleagueId, fixtures.workspaceId, total, from],
    );
    await client.query(
      `INSERT INTO "Card" (id, "snapId", title, row, col, "cellType", color)
       SELECT 'k' || substr(md5(i || ':' || g), 1, 24), 'l' || substr(md5('snap:' || i), 1, 24),
              (ARRAY['Goal', 'Owner', 'Status', 'Due', 'Risk', 'Notes'])[1 + g % 6] || ' ' || g, g / 4, g % 4,
              (ARRAY['normal', 'todo', 'status'])[1 + g % 3], (ARRAY['', '#fde68a', '#bfdbfe'])[1 + g % 3]
       FROM generate_series($1::int, $2::int) AS i, generate_series(0, 11) AS g
       WHERE i % 10 = 3 OR i % 100 = 58`,
      [from, total],
    );
    // What autovacuum does to a live table: without it, the rows just inserted sit in the trigram
    // GIN indexes' pending lists, which every search then reads through (about 10 times slower).
    await client.query(`VACUUM ANALYZE "Snap", "Card"`);
  } finally {
    await client.end();
  }
}

/**
 * An OAuth access token of the bench user, stored as lib/oauth/issue-tokens.ts stores one (its
 * SHA-256), with a grant for `{base}/api` (base: the app server's address, known once it runs).
 */
export async function seedOAuthAccessToken(url: string, fixtures: Pick<Fixtures, "userId">, base: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const token = generateSecret(ACCESS_TOKEN_PREFIX);
    const clientId = benchId("oauth-client");
    const grantId = benchId("oauth-grant");
    await client.query(`INSERT INTO "OAuthClient" (id, name, "redirectUris", "authMethod") VALUES ($1, 'Bench agent', ARRAY['http://127.0.0.1/cb'], 'none')`, [
      clientId,
    ]);
    await client.query(
      `INSERT INTO "OAuthGrant" (id, "userId", "clientId", scopes, resource, "redirectUri", "codeUsedAt") VALUES ($1, $2, $3, 'read write', $4, 'http://127.0.0.1/cb', now())`,
      [grantId, fixtures.userId, clientId, `${base}/api`],
    );
    await client.query(`INSERT INTO "OAuthToken" (hash, "grantId", kind, "expiresAt") VALUES ($1, $2, 'access', now() + interval '1 day')`, [
      hashSecret(token),
      grantId,
    ]);
    return token;
  } finally {
    await client.end();
  }
}
