/**
 * Scenarios x, y, r and q: many cards as one change (docs/API.md, "Changes" and "Ranges"), measured
 * beside d and e (the 100-card batches) in the same interleaved rounds, at one connection:
 *   x  POST /api/snaps/:id/changes, 5,000 updates (d's fields) of a 50 × 100 board's cards
 *   y  POST /api/snaps/:id/changes, 5,000 new cards (e's fields) into empty rows
 *   r  PUT /api/snaps/:id/range, a 50 × 40 table (2,000 titles) into empty cells: a pasted range
 *   q  GET /api/snaps/:id/range, 50 × 40 cells of the 50 × 100 board
 * A change of 5,000 items must cost at most twice a batch of 100 per 100 items; r must answer in
 * 300 ms. y and r write into empty rows of a pool of snaps, 50 rows a request, so that every
 * request creates all of its cards (the pool lasts POOL_SNAPS × 20 requests: minutes at one
 * connection).
 */
import pg from "pg";
import { benchId, type Fixtures } from "./database";
import type { LoadOptions } from "./load";

type Request = Pick<LoadOptions, "url" | "method" | "headers" | "body" | "request">;

const ROWS = 50;
const UPDATE_COLS = 100;
const RANGE_COLS = 40;
const POOL_SNAPS = 60;
const SLOTS_PER_SNAP = 1000 / ROWS;

export interface ChangeFixtures {
  /** x and q: a 50 × 100 board of 5,000 cards. */
  boardSnap: { snapId: string; cardIds: string[] };
  /** y: empty snaps that receive the new cards. */
  createSnapIds: string[];
  /** r: empty snaps that receive the tables. */
  rangeSnapIds: string[];
}

export async function seedChangeScenarios(url: string, fixtures: Fixtures): Promise<ChangeFixtures> {
  const boardSnapId = benchId("snap:changes-board");
  const createSnapIds = Array.from({ length: POOL_SNAPS }, (_, i) => benchId(`snap:changes-create:${i}`));
  const rangeSnapIds = Array.from({ length: POOL_SNAPS }, (_, i) => benchId(`snap:changes-range:${i}`));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "Snap" (id, "userId", "workspaceId", title) SELECT id, $2, $3, 'Changes ' || ord FROM unnest($1::text[]) WITH ORDINALITY AS s(id, ord)`,
      [[boardSnapId, ...createSnapIds, ...rangeSnapIds], fixtures.userId, fixtures.workspaceId],
    );
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "Card" (id, "snapId", title, row, col)
       SELECT 'c' || substr(md5($1 || ':' || g), 1, 24), $1, 'Task ' || g, g / ${UPDATE_COLS}, g % ${UPDATE_COLS} FROM generate_series(0, ${ROWS * UPDATE_COLS - 1}) AS g
       RETURNING id`,
      [boardSnapId],
    );
    await client.query(`ANALYZE "Card"`);
    return { boardSnap: { snapId: boardSnapId, cardIds: rows.map((row) => row.id) }, createSnapIds, rangeSnapIds };
  } finally {
    await client.end();
  }
}

/** Each request the next empty block of 50 rows, snap after snap. */
function nextBlock(snapIds: string[]) {
  let sent = 0;
  return () => {
    const snapId = snapIds[sent % snapIds.length]!;
    const row = (Math.floor(sent / snapIds.length) % SLOTS_PER_SNAP) * ROWS;
    sent++;
    return { snapId, row, n: sent };
  };
}

export function changeRequests(
  changes: ChangeFixtures,
  fixtures: Fixtures,
  baseUrl: string,
): Record<"x" | "y" | "r" | "q", { label: string; request: Request }> {
  const headers = { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/json" };
  const { snapId: boardSnapId, cardIds } = changes.boardSnap;
  const nextCreate = nextBlock(changes.createSnapIds);
  const nextRange = nextBlock(changes.rangeSnapIds);
  return {
    x: {
      label: "POST /api/snaps/:id/changes, 5,000 updates",
      request: {
        url: `${baseUrl}/api/snaps/${boardSnapId}/changes`,
        method: "POST",
        headers,
        body: (_client, n) =>
          JSON.stringify({
            update: cardIds.map((id, index) => ({ id, title: `Task ${index} rev ${n}`, completed: (n + index) % 2 === 0, color: n % 2 ? "#bfdbfe" : "" })),
          }),
      },
    },
    y: {
      label: "POST /api/snaps/:id/changes, 5,000 new cards",
      request: {
        url: baseUrl,
        method: "POST",
        headers,
        request: () => {
          const { snapId, row, n } = nextCreate();
          const create = Array.from({ length: ROWS * UPDATE_COLS }, (_, index) => ({
            row: row + Math.floor(index / UPDATE_COLS),
            col: index % UPDATE_COLS,
            title: `New card ${n}.${index}`,
            ...(index % 4 === 0 ? { cellType: "todo", color: "#fde68a" } : {}),
          }));
          return { path: `/api/snaps/${snapId}/changes`, body: JSON.stringify({ create }) };
        },
      },
    },
    r: {
      label: "PUT /api/snaps/:id/range, 50 × 40 into empty cells",
      request: {
        url: baseUrl,
        method: "PUT",
        headers,
        request: () => {
          const { snapId, row, n } = nextRange();
          const values = Array.from({ length: ROWS }, (_, r) => Array.from({ length: RANGE_COLS }, (_, c) => `Pasted ${n}.${r}.${c}`));
          return { path: `/api/snaps/${snapId}/range`, body: JSON.stringify({ row, col: 0, values }) };
        },
      },
    },
    q: {
      label: "GET /api/snaps/:id/range, 50 × 40",
      request: {
        url: `${baseUrl}/api/snaps/${boardSnapId}/range?row=0&col=30&rows=${ROWS}&cols=${RANGE_COLS}`,
        headers: { authorization: headers.authorization },
      },
    },
  };
}
