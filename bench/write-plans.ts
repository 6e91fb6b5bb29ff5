/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements of d and e, as the app sends them: lib's
 * updateCardsBatch and createCardsBatch run once in this process with their statements captured
 * (bench/capture-sql.ts) inside a transaction that is rolled back (so the inserted ids are free
 * again), then each statement is explained in a transaction rolled back the same way. A
 * sequential scan of Card, Snap or SnapEvent here means a write's cost grows with the tables: the
 * batch writes once read all of them (docs/PERFORMANCE.md, "Design decisions").
 */
import pg from "pg";
import type { Principal } from "../lib/request/principal";
import { captureStatements } from "./capture-sql";
import type { Fixtures } from "./database";

export interface WritePlan {
  statement: string;
  plan: string;
  executionMs: number;
  sequentialScans: string[];
}

export interface WritePlans {
  cards: number;
  snaps: number;
  update: WritePlan[];
  create: WritePlan[];
}

const ROLLBACK = Symbol("rollback");

/** Runs `work` in a transaction it joins (lib's runTransaction) and rolls that back. */
async function rolledBack(work: () => Promise<unknown>): Promise<void> {
  const { runTransaction } = await import("../lib/db/run-transaction");
  await runTransaction(async () => {
    await work();
    throw ROLLBACK;
  }).catch((error: unknown) => {
    if (error !== ROLLBACK) throw error;
  });
}

/** DATABASE_URL must already name the bench database: lib/db/client reads it when first imported. */
export async function explainBatchWrites(url: string, principal: Principal, fixtures: Fixtures): Promise<WritePlans> {
  const { updateCardsBatch } = await import("../lib/cards/update-cards-batch");
  const { createCardsBatch } = await import("../lib/cards/create-cards-batch");
  const [patchSnap] = fixtures.patchSnaps;
  const snapId = fixtures.insertSnapIds[0];
  if (!patchSnap || !snapId) throw new Error("the fixtures hold no snap to write to");

  const updates = patchSnap.cardIds.map((id, index) => ({ id, title: `Planned ${index}` }));
  const cards = Array.from({ length: 100 }, (_, index) => ({ snapId, row: 2_000 + Math.floor(index / 10), col: index % 10, title: `Planned ${index}` }));
  const update = await captureStatements(() => rolledBack(() => updateCardsBatch(principal, updates)));
  const create = await captureStatements(() => rolledBack(() => createCardsBatch(principal, cards)));

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const explain = async (statements: { text: string; values: unknown[] }[]): Promise<WritePlan[]> => {
      const plans: WritePlan[] = [];
      for (const { text, values } of statements.filter(({ text }) => !/^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(text))) {
        await client.query("BEGIN");
        try {
          const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${text}`, values);
          const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
          plans.push({
            statement: text.replace(/\s+/g, " ").trim(),
            plan,
            executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN),
            sequentialScans: [...plan.matchAll(/Seq Scan on "?(\w+)"?/g)].map((match) => match[1]!),
          });
        } finally {
          await client.query("ROLLBACK");
        }
      }
      return plans;
    };
    const { rows } = await client.query<{ cards: number; snaps: number }>(
      `SELECT (SELECT count(*)::int FROM "Card") AS cards, (SELECT count(*)::int FROM "Snap") AS snaps`,
    );
    return { ...rows[0]!, update: await explain(update.statements), create: await explain(create.statements) };
  } finally {
    await client.end();
  }
}
