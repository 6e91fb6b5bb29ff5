/**
 * Uploads under load (docs/PERFORMANCE.md, "Files"): `--uploads` concurrent uploads of `--mb` MB
 * each (raw bodies of random bytes, streamed by the client), against the production build with the
 * heap cap `npm start` sets, on disk storage in a fresh folder. While they run, /api/health is
 * timed every 100 ms and the server's V8 heap and RSS are sampled; the same is measured idle first,
 * as the baseline of the same run.
 *
 * `--rounds` of them one after another, health timed throughout (a round lasts a few seconds: one
 * gives too few samples for a p99).
 *
 *   npx tsx --conditions=react-server bench/uploads.ts [--uploads 10] [--mb 20] [--rounds 3]
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { createBenchDatabase, seedFixtures } from "./database";
import { startApp } from "./server";
import { healthIdleThenLoaded, reportHealthUnderLoad } from "./health-under-load";

const { values: args } = parseArgs({
  options: { uploads: { type: "string", default: "10" }, mb: { type: "string", default: "20" }, rounds: { type: "string", default: "3" } },
});
const UPLOADS = Number(args.uploads);
const ROUNDS = Number(args.rounds);
const BYTES = Number(args.mb) * 1_000_000;

/** A body of `size` random bytes, made 1 MB at a time as it is sent, so the bench holds little. */
function randomBody(size: number): ReadableStream<Uint8Array> {
  const chunk = randomBytes(1_000_000);
  let sent = 0;
  return Readable.toWeb(
    Readable.from(
      (function* () {
        while (sent < size) {
          const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
          sent += part.length;
          yield part;
        }
      })(),
    ),
  ) as ReadableStream<Uint8Array>;
}

async function main(): Promise<void> {
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "snap-upload-bench-"));
  const authSecret = randomBytes(32).toString("base64url");
  const fixtures = await seedFixtures(database.url, authSecret, 1);
  const app = await startApp({
    DATABASE_URL: database.url,
    AUTH_SECRET: authSecret,
    SNAP_DATA_DIR: dataDir,
    FILE_MAX_BYTES: String(BYTES + 1),
    FILE_WORKSPACE_QUOTA_BYTES: "0",
    LOG_LEVEL: "warn",
  });
  try {
    let finished = 0;
    const started = performance.now();
    const upload = async () => {
      const response = await fetch(`${app.baseUrl}/api/snaps/${fixtures.readSnapId}/files?name=${randomUUID()}.bin`, {
        method: "POST",
        headers: { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/octet-stream", "content-length": String(BYTES) },
        body: randomBody(BYTES),
        duplex: "half",
      } as RequestInit);
      const body = await response.text();
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${body}`);
      finished += 1;
    };
    const measured = await healthIdleThenLoaded(app, () => {
      const rounds = (async () => {
        for (let round = 0; round < ROUNDS; round++) await Promise.all(Array.from({ length: UPLOADS }, upload));
      })();
      return { done: () => finished === UPLOADS * ROUNDS, finished: rounds };
    });
    const seconds = (performance.now() - started) / 1000;

    console.log(
      `uploads: ${ROUNDS} rounds of ${UPLOADS} × ${args.mb} MB at once, all 201 in ${seconds.toFixed(1)} s (${((ROUNDS * UPLOADS * BYTES) / 1e6 / seconds).toFixed(0)} MB/s)`,
    );
    reportHealthUnderLoad("uploads", measured);
  } finally {
    await app.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
