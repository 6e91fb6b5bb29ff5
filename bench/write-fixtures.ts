/**
 * What the single-write scenarios (h–k in bench/run.ts) write to, seeded with SQL for the bench
 * user: per connection (at most 4) its own snaps, so that concurrent writers do not queue on one
 * snap's row (4 connections, 4 snaps at any moment):
 * - PATCH (h): a snap of 100 cards, whose cards each request retitles in turn;
 * - create (i): empty snaps, each receiving `CREATES_PER_SNAP` cards before the next takes over;
 * - DELETE (j): snaps of 100 cards, deleted one by one (enough for `seconds` of the fastest server);
 * - line PATCH (k): a snap of 100 cards and 10 lines, whose lines each request restyles in turn.
 * Each request of a list takes the next target from a cursor shared by the app and the floors.
 */
import pg from "pg";
import { benchId, type Fixtures } from "./database";

export const WRITE_CONNECTIONS = 4;
const CREATES_PER_SNAP = 200;
/**
 * Deletes a second that the six DELETE scenarios together (j1, jn1, jf1, j4, jn4, jf4: the first
 * connection's list serves all six, one after another) are assumed never to pass on one list: the
 * plain floor alone deleted 2,300 a second on a quiet machine.
 */
const DELETES_PER_SECOND = 9_000;

export interface WriteFixtures {
  patchCards: string[][];
  createSnaps: string[][];
  deleteCards: string[][];
  lines: string[][];
}

async function gridSnaps(
  client: pg.Client,
  fixtures: Pick<Fixtures, "userId" | "workspaceId">,
  label: string,
  count: number,
  cards: number,
): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, index) => benchId(`${label}:${index}`));
  await client.query(`INSERT INTO "Snap" (id, "userId", "workspaceId", title) SELECT id, $2, $3, 'Write bench ' || id FROM unnest($1::text[]) AS s(id)`, [
    ids,
    fixtures.userId,
    fixtures.workspaceId,
  ]);
  if (cards > 0) {
    await client.query(
      `INSERT INTO "Card" (id, "snapId", title, row, col) SELECT 'w' || substr(md5(s.id || ':' || g), 1, 24), s.id, 'Task ' || g, g / 10, g % 10
       FROM unnest($1::text[]) AS s(id), generate_series(0, $2::int - 1) AS g`,
      [ids, cards],
    );
  }
  return ids;
}

async function cardsOf(client: pg.Client, snapIds: string[]): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT c.id FROM "Card" AS c JOIN unnest($1::text[]) WITH ORDINALITY AS s(id, n) ON s.id = c."snapId" ORDER BY s.n, c.row, c.col`,
    [snapIds],
  );
  return rows.map((row) => row.id);
}

/**
 * `seconds`: how long each scenario runs, warm-up included; `warmupDeletes`: the deletes sent one by
 * one before them, all from the first connection's list.
 */
export async function seedWriteFixtures(url: string, fixtures: Fixtures, seconds: number, warmupDeletes = 0): Promise<WriteFixtures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: WriteFixtures = { patchCards: [], createSnaps: [], deleteCards: [], lines: [] };
    const deleteSnaps = Math.ceil((seconds * DELETES_PER_SECOND + warmupDeletes) / 100);
    for (let index = 0; index < WRITE_CONNECTIONS; index++) {
      result.patchCards.push(await cardsOf(client, await gridSnaps(client, fixtures, `write:patch:${index}`, 1, 100)));
      result.createSnaps.push(await gridSnaps(client, fixtures, `write:create:${index}`, Math.ceil((seconds * DELETES_PER_SECOND) / CREATES_PER_SNAP), 0));
      result.deleteCards.push(await cardsOf(client, await gridSnaps(client, fixtures, `write:delete:${index}`, deleteSnaps, 100)));
      const [lineSnap] = await gridSnaps(client, fixtures, `write:line:${index}`, 1, 100);
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId")
         SELECT 'w' || substr(md5('line:' || $1 || ':' || g), 1, 24), $1, 'w' || substr(md5($1 || ':' || g), 1, 24), 'w' || substr(md5($1 || ':' || (g + 10)), 1, 24)
         FROM generate_series(0, 9) AS g RETURNING id`,
        [lineSnap],
      );
      result.lines.push(rows.map((row) => row.id));
    }
    await client.query(`VACUUM ANALYZE "Snap", "Card", "Line"`);
    return result;
  } finally {
    await client.end();
  }
}

/** Scenarios h–k: each kind's request for connection `client`, the n-th target taken from its list's cursor. */
export function writeRequests(fixtures: WriteFixtures) {
  const cursors = new Map<string, number>();
  const next = (list: string, client: number) => {
    const key = `${list}:${client}`;
    const n = cursors.get(key) ?? 0;
    cursors.set(key, n + 1);
    return n;
  };
  const json = { "content-type": "application/json" };
  return {
    h: {
      label: "PATCH /api/snaps/cards/:id {title}",
      method: "PATCH" as const,
      headers: json,
      request: (client: number) => {
        const n = next("h", client);
        const cards = fixtures.patchCards[client]!;
        return { path: `/api/snaps/cards/${cards[n % cards.length]}`, body: JSON.stringify({ title: `Task rev ${n}` }) };
      },
    },
    i: {
      label: "POST /api/snaps/cards/:id (create)",
      method: "POST" as const,
      headers: json,
      request: (client: number) => {
        const n = next("i", client);
        const snaps = fixtures.createSnaps[client]!;
        const snap = snaps[Math.floor(n / CREATES_PER_SNAP) % snaps.length];
        return { path: `/api/snaps/cards/${snap}`, body: JSON.stringify({ row: Math.floor(n / 10) % 1000, col: n % 10, title: `New ${n}` }) };
      },
    },
    j: {
      label: "DELETE /api/snaps/cards/:id",
      method: "DELETE" as const,
      headers: {},
      request: (client: number) => {
        const n = next("j", client);
        // Past the list's end the id is unknown: a 404, which fails the run instead of measuring nothing.
        return { path: `/api/snaps/cards/${fixtures.deleteCards[client]![n] ?? "exhausted"}`, body: undefined };
      },
    },
    k: {
      label: "PATCH /api/lines/:id {color}",
      method: "PATCH" as const,
      headers: json,
      request: (client: number) => {
        const n = next("k", client);
        const lines = fixtures.lines[client]!;
        return {
          path: `/api/lines/${lines[n % lines.length]}`,
          body: JSON.stringify({ color: n % 2 ? "#1d4ed8" : "#64748b", style: n % 3 ? "solid" : "dashed" }),
        };
      },
    },
  };
}

/**
 * After the warm-up writes: the tables the writes grow (their events, history, feed) analyzed, as
 * autovacuum does within a minute of a deployment's first writes. Statements prepared while those
 * tables were empty keep plans made for a table of one page (sequential scans growing with every
 * write) until PostgreSQL replans them on new statistics, which this gives to the app and the floor alike.
 */
export async function analyzeWrittenTables(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`VACUUM ANALYZE "Snap", "Card", "Line", "SnapEvent", "SnapHistory", "FeedEvent"`);
  } finally {
    await client.end();
  }
}

/** Scenario hm: scenario h's requests sent to the Next floor's minimal statement (bench/minimal-write-sql.ts). */
export function minimalRequest(request: (client: number) => { path: string; body: string | undefined }) {
  return (client: number) => {
    const { path, body } = request(client);
    return { path: path.replace("/api/snaps/cards/", "/api/minimal/cards/"), body };
  };
}
