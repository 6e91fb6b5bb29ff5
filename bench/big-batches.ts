/**
 * Proof that a heap cap leaves room for the largest legal requests: `BIG_BATCH_PARALLEL` (default
 * 10) card batches of about 7.9 MB each (the limit is 8 MB: 100 cards whose title and note are at
 * their 10,000-character maximum, partly written as \u escapes), sent at once, `BIG_BATCH_ROUNDS`
 * (default 3) times, to the production build started with the given node flags. Every batch must
 * answer 201; prints the times, the server's peak RSS and its V8 heap at the end. With
 * BIG_BATCH_KIND=changes, each request is instead a change of 5,000 new cards (POST
 * /api/snaps/:id/changes) as large as its limit allows: the most items in the largest body, answered 200.
 *
 *   npx tsx bench/big-batches.ts [node flags for the server, e.g. --max-old-space-size=128]
 */
import { randomBytes } from "node:crypto";
import { MAX_BATCH_BODY_BYTES } from "../lib/board-model/card-schemas";
import { MAX_CHANGE_BODY_BYTES } from "../lib/snaps/change-schemas";
import { createBenchDatabase, seedFixtures } from "./database";
import { memoryMb, startApp } from "./server";
import { readServerMetrics } from "./server-metrics";

process.env.NEXT_DIST_DIR ||= ".next-bench";
const PARALLEL = Number(process.env.BIG_BATCH_PARALLEL ?? 10);
const ROUNDS = Number(process.env.BIG_BATCH_ROUNDS ?? 3);
const CHANGES = process.env.BIG_BATCH_KIND === "changes";

/** 10,000 euro signs, the first `escaped` of them as the 6-byte JSON escape \u20ac: 30,000 + 3·escaped bytes. */
const text = (escaped: number) => "\\u20ac".repeat(escaped) + "€".repeat(10_000 - escaped);

function batchBody(snapId: string, round: number): string {
  const card = (index: number) =>
    `{"snapId":"${snapId}","row":${round * 10 + Math.floor(index / 10)},"col":${index % 10},"title":"${text(0)}","note":"${text(6_300)}"}`;
  return `{"cards":[${Array.from({ length: 100 }, (_, index) => card(index)).join(",")}]}`;
}

/** 5,000 cards of 50 rows × 100 columns whose titles fill the change body's limit (MAX_CHANGE_BODY_BYTES). */
function changeBody(round: number): string {
  const title = "€".repeat(Math.floor((MAX_CHANGE_BODY_BYTES / 5_000 - 40) / 3));
  const card = (index: number) => `{"row":${round * 50 + Math.floor(index / 100)},"col":${index % 100},"title":"${title}"}`;
  return `{"create":[${Array.from({ length: 5_000 }, (_, index) => card(index)).join(",")}]}`;
}

async function main() {
  const database = await createBenchDatabase();
  const authSecret = randomBytes(32).toString("base64url");
  const fixtures = await seedFixtures(database.url, authSecret, PARALLEL);
  const app = await startApp({ DATABASE_URL: database.url, AUTH_SECRET: authSecret }, process.argv.slice(2));
  let failed = false;
  const expected = CHANGES ? 200 : 201;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const bodies = fixtures.insertSnapIds.map((snapId) => (CHANGES ? changeBody(round) : batchBody(snapId, round)));
      const bytes = Buffer.byteLength(bodies[0]!);
      if (bytes > (CHANGES ? MAX_CHANGE_BODY_BYTES : MAX_BATCH_BODY_BYTES)) throw new Error(`a batch is ${bytes} bytes, over the limit`);
      const started = Date.now();
      const answers = await Promise.all(
        bodies.map(async (body, index) => {
          try {
            const path = CHANGES ? `/api/snaps/${fixtures.insertSnapIds[index]}/changes` : "/api/snaps/cards/batch";
            const response = await fetch(app.baseUrl + path, {
              method: "POST",
              headers: { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/json" },
              body,
            });
            const text = await response.text();
            return { status: response.status, ms: Date.now() - started, error: response.status === expected ? "" : text.slice(0, 200) };
          } catch (error) {
            const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
            return { status: 0, ms: Date.now() - started, error: `no answer: ${cause}` };
          }
        }),
      );
      failed ||= answers.some((answer) => answer.status !== expected);
      console.log(
        `round ${round + 1}: ${PARALLEL} × ${(bytes / 1e6).toFixed(2)} MB ${CHANGES ? "changes of 5,000 cards" : "batches"} at once: statuses ${answers.map((a) => a.status).join(" ")}, ` +
          `last answer after ${Math.max(...answers.map((a) => a.ms))} ms, server RSS ${memoryMb(app.pid)?.rss.toFixed(0)} MB` +
          answers
            .filter((a) => a.error)
            .map((a) => `\n  ${a.error}`)
            .join(""),
      );
    }
    const heap = await readServerMetrics(app.baseUrl);
    const mb = (value = 0) => (value / 2 ** 20).toFixed(0);
    console.log(
      `flags: ${process.argv.slice(2).join(" ") || "none"}; server peak RSS ${memoryMb(app.pid)?.peak.toFixed(0)} MB; ` +
        `at the end V8 heap ${mb(heap?.heapUsedBytes)} of ${mb(heap?.heapTotalBytes)} MB, external ${mb(heap?.externalBytes)} MB`,
    );
  } finally {
    await app.stop();
    await database.drop();
  }
  if (failed) {
    console.error(app.log.slice(-20).join("\n"));
    throw new Error("some batches failed");
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
