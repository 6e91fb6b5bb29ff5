/**
 * The content budget as the database keeps it (migration snap_content_budget; docs/API.md,
 * "Content budget"): the numbers the triggers use are lib's, and two writes committed side by side
 * cannot pass the budget together, since each adds to the snap's count under its row lock.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CARD_FIXED_BYTES, LINE_BYTES, SNAP_CONTENT_BUDGET_BYTES } from "../../lib/board-model/snap-content-budget";
import { snapContentBudgetError } from "../../lib/errors/snap-content-budget-error";

let pool: pg.Pool;
const tag = randomUUID().slice(0, 8);
const workspaceId = `ws-budget-${tag}`;
const userId = `user-budget-${tag}`;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 4 });
  await pool.query(`INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES ($1, $1 || '@example.test', 'Budget', 'x', now())`, [userId]);
  await pool.query(`INSERT INTO "Workspace" (id, name) VALUES ($1, 'Budget')`, [workspaceId]);
});

afterAll(async () => {
  await pool.query(`DELETE FROM "Workspace" WHERE id = $1`, [workspaceId]);
  await pool.query(`DELETE FROM "User" WHERE id = $1`, [userId]);
  await pool.end();
});

async function newSnap(): Promise<string> {
  const id = `snap-budget-${randomUUID()}`;
  await pool.query(`INSERT INTO "Snap" (id, "userId", "workspaceId") VALUES ($1, $2, $3)`, [id, userId, workspaceId]);
  return id;
}

const contentBytes = async (snapId: string) => (await pool.query(`SELECT "contentBytes" FROM "Snap" WHERE id = $1`, [snapId])).rows[0].contentBytes;

describe("the snap content budget (database)", () => {
  it("weighs cards (their text as JSON carries it) and lines with lib's numbers", async () => {
    const { rows } = await pool.query(`SELECT snap_content_budget() AS budget, card_content_bytes('', '', '[]') AS card, line_content_bytes() AS line`);
    expect(rows[0]).toEqual({ budget: SNAP_CONTENT_BUDGET_BYTES, card: CARD_FIXED_BYTES, line: LINE_BYTES });

    const snapId = await newSnap();
    await pool.query(`INSERT INTO "Card" (id, "snapId", row, col, title, note) VALUES ($1 || '-a', $1, 0, 0, 'é', 'a"c'), ($1 || '-b', $1, 0, 1, chr(1), '')`, [
      snapId,
    ]);
    await pool.query(`INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId", "updatedAt") VALUES ($1 || '-l', $1, $1 || '-a', $1 || '-b', now())`, [
      snapId,
    ]);
    // Text as JSON carries it: "é" is 2 bytes, 'a"c' 4 (an escaped quote), a control character 6 ("\u0001").
    expect(await contentBytes(snapId)).toBe(2 * CARD_FIXED_BYTES + 2 + 4 + 6 + LINE_BYTES);
    await pool.query(`UPDATE "Card" SET note = '' WHERE id = $1 || '-a'`, [snapId]);
    await pool.query(`DELETE FROM "Card" WHERE id = $1 || '-b'`, [snapId]); // and its line
    expect(await contentBytes(snapId)).toBe(CARD_FIXED_BYTES + 2);
  });

  it("refuses, in the write's statement, what passes the budget, and lets an over-budget snap get lighter", async () => {
    const snapId = await newSnap();
    await pool.query(`INSERT INTO "Card" (id, "snapId", row, col, note) VALUES ($1, $1, 0, 0, repeat('x', $2::int))`, [
      snapId,
      SNAP_CONTENT_BUDGET_BYTES - CARD_FIXED_BYTES,
    ]);
    expect(await contentBytes(snapId)).toBe(SNAP_CONTENT_BUDGET_BYTES);
    const refused = await pool.query(`UPDATE "Card" SET title = 'x' WHERE id = $1`, [snapId]).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "SB413" });
    expect(snapContentBudgetError(refused)).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      details: [{ path: "snap", message: `Content budget: ${SNAP_CONTENT_BUDGET_BYTES} of ${SNAP_CONTENT_BUDGET_BYTES} bytes used` }],
    });
    expect((await pool.query(`SELECT title FROM "Card" WHERE id = $1`, [snapId])).rows[0].title).toBe("");
    // A snap over the budget (one that held more before there was a budget) may still get lighter.
    await pool.query(`UPDATE "Snap" SET "contentBytes" = $2 WHERE id = $1`, [snapId, SNAP_CONTENT_BUDGET_BYTES + 4]);
    await pool.query(`UPDATE "Card" SET note = left(note, 10) WHERE id = $1`, [snapId]);
    expect(await contentBytes(snapId)).toBe(CARD_FIXED_BYTES + 10 + 4);
  });

  it("lets only one of two concurrent writes take the last room", async () => {
    const snapId = await newSnap();
    const room = 1_000;
    await pool.query(`INSERT INTO "Card" (id, "snapId", row, col, note) VALUES ($1, $1, 0, 0, repeat('x', $2::int))`, [
      snapId,
      SNAP_CONTENT_BUDGET_BYTES - CARD_FIXED_BYTES - room,
    ]);
    const [first, second] = [await pool.connect(), await pool.connect()];
    try {
      await first.query("BEGIN");
      await second.query("BEGIN");
      const insert = (client: pg.PoolClient, col: number) =>
        client.query(`INSERT INTO "Card" (id, "snapId", row, col, note) VALUES ($1 || '-' || $2, $1, 1, $2::int, repeat('y', 600))`, [snapId, col]);
      await insert(first, 0);
      const waiting = insert(second, 1).then(
        () => null,
        (error: unknown) => error,
      );
      await first.query("COMMIT");
      expect(await waiting).toMatchObject({ code: "SB413" });
      await second.query("ROLLBACK");
    } finally {
      first.release();
      second.release();
    }
    expect(await contentBytes(snapId)).toBe(SNAP_CONTENT_BUDGET_BYTES - room + CARD_FIXED_BYTES + 600);
    expect((await pool.query(`SELECT count(*)::int AS cards FROM "Card" WHERE "snapId" = $1`, [snapId])).rows[0].cards).toBe(2);
  });
});
