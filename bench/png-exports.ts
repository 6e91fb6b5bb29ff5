/**
 * Large PNG exports at once (docs/PERFORMANCE.md, "PNG exports"): `--exports` (6) requests for the
 * PNG of a `--size` (20) square board at `--scale` (1; near the pixel limit) sent together by one user, against the production build
 * with the heap cap `npm start` sets. A render runs in a worker, one per user and a few per server
 * (lib/transfer/render-png-in-worker.ts): a request refused with 429 is sent again after its
 * Retry-After until every one has its picture. While they run, /api/health is timed every 100 ms
 * and the server's V8 heap and RSS are sampled; the same idle first, as the baseline of the run.
 *
 *   npx tsx --conditions=react-server bench/png-exports.ts [--exports 6] [--size 20] [--scale 1]
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { boardDocument } from "./board-document";
import { createBenchDatabase, seedFixtures } from "./database";
import { healthIdleThenLoaded, mb, reportHealthUnderLoad } from "./health-under-load";
import { startApp } from "./server";

process.env.NEXT_DIST_DIR ||= ".next";
const { values: args } = parseArgs({
  options: { exports: { type: "string", default: "6" }, size: { type: "string", default: "20" }, scale: { type: "string", default: "1" } },
});
const EXPORTS = Number(args.exports);
const SIZE = Number(args.size);

async function main(): Promise<void> {
  const database = await createBenchDatabase();
  const authSecret = randomBytes(32).toString("base64url");
  const fixtures = await seedFixtures(database.url, authSecret, 1);
  const app = await startApp({ DATABASE_URL: database.url, AUTH_SECRET: authSecret, LOG_LEVEL: "warn" });
  const headers = { authorization: `Bearer ${fixtures.apiKey}` };
  try {
    const imported = await fetch(`${app.baseUrl}/api/snaps/import`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(boardDocument("Picture", SIZE, SIZE * 5)),
    });
    if (imported.status !== 201) throw new Error(`import answered ${imported.status}: ${await imported.text()}`);
    const snapId = ((await imported.json()) as { snap: { id: string } }).snap.id;

    let finished = 0;
    let refusals = 0;
    let bytes = 0;
    const started = performance.now();
    const measured = await healthIdleThenLoaded(app, () => {
      const exports = Array.from({ length: EXPORTS }, async () => {
        for (;;) {
          const response = await fetch(`${app.baseUrl}/api/snaps/${snapId}/export?format=png&scale=${args.scale}`, { headers });
          const body = await response.arrayBuffer();
          if (response.status === 200) {
            bytes += body.byteLength;
            finished += 1;
            return;
          }
          if (response.status !== 429) throw new Error(`export answered ${response.status}: ${Buffer.from(body).toString()}`);
          refusals += 1;
          await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after") ?? 1) * 1000));
        }
      });
      return { done: () => finished === EXPORTS, finished: Promise.all(exports) };
    });
    const seconds = (performance.now() - started) / 1000;

    console.log(
      `PNG exports: ${EXPORTS} of a ${SIZE} × ${SIZE} board at scale ${args.scale} sent at once, all 200 in ${seconds.toFixed(1)} s (${refusals} refusals with 429 retried; ${mb(bytes / EXPORTS)} each)`,
    );
    reportHealthUnderLoad("exports", measured);
  } finally {
    await app.stop();
    await database.drop();
  }
}

await main();
