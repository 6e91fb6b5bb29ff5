/**
 * The CPU of an import's images (docs/SECURITY.md, "Large bodies"): a .snap.zip of `--images`
 * (default 8) PNGs of 7,000 × 7,000 pixels (49 megapixels each, a solid colour: a few hundred
 * kilobytes in all), imported into the production build with `npm start`'s heap cap while
 * GET /api/health is timed every 100 ms, after 3 s of timing it idle. Prints the import's time,
 * the server's CPU time it cost, and /api/health's latency idle and during the import.
 *
 *   NEXT_DIST_DIR=.next npx tsx --conditions=react-server bench/import-pixels.ts [--images 8]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import yazl from "yazl";
import { createBenchDatabase, seedFixtures } from "./database";
import { healthIdleThenLoaded, reportHealthUnderLoad } from "./health-under-load";
import { cpuTimeMs, startApp } from "./server";

process.env.NEXT_DIST_DIR ||= ".next-bench";
const { values: args } = parseArgs({ options: { images: { type: "string", default: "8" } } });
const IMAGES = Number(args.images);
const SIDE = 7_000;

async function archive(): Promise<Buffer> {
  const picture = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: "#c81e5a" } })
    .png()
    .toBuffer();
  const ids = Array.from({ length: IMAGES }, (_, index) => `cpixelbench${String(index).padStart(4, "0")}`);
  const document = {
    format: "snap-board",
    formatVersion: 1,
    snap: { title: "Large pictures", rows: 1, cols: IMAGES },
    cards: ids.map((id, index) => ({ key: `c${index}`, row: 0, col: index, cellType: "image", title: `/api/files/${id}` })),
    files: ids.map((id) => ({ id, name: `${id}.png`, contentType: "image/png", size: picture.length, path: `files/${id}` })),
  };
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(document)), "snap.json");
  for (const id of ids) zip.addBuffer(picture, `files/${id}`, { compress: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function main(): Promise<void> {
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "snap-pixels-bench-"));
  const authSecret = randomBytes(32).toString("base64url");
  const fixtures = await seedFixtures(database.url, authSecret, 1);
  const app = await startApp({
    DATABASE_URL: database.url,
    AUTH_SECRET: authSecret,
    SNAP_DATA_DIR: dataDir,
    FILE_WORKSPACE_QUOTA_BYTES: "0",
    LOG_LEVEL: "warn",
  });
  try {
    const bytes = await archive();
    console.log(
      `archive: ${IMAGES} PNGs of ${SIDE} × ${SIDE} (${((IMAGES * SIDE * SIDE) / 1e6).toFixed(0)} megapixels in all), ${(bytes.length / 1e3).toFixed(0)} KB`,
    );
    let status = 0;
    let seconds = 0;
    let cpuMs = 0;
    const result = await healthIdleThenLoaded(app, () => {
      let done = false;
      const started = performance.now();
      const cpuBefore = cpuTimeMs(app.pid);
      const finished = fetch(`${app.baseUrl}/api/snaps/import/zip`, {
        method: "POST",
        headers: { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/zip" },
        body: new Uint8Array(bytes),
      })
        .then(async (response) => {
          status = response.status;
          await response.arrayBuffer();
        })
        .finally(() => {
          seconds = (performance.now() - started) / 1000;
          cpuMs = cpuTimeMs(app.pid) - cpuBefore;
          done = true;
        });
      return { done: () => done, finished };
    });
    console.log(`import: ${status} in ${seconds.toFixed(1)} s, server CPU ${(cpuMs / 1000).toFixed(1)} s`);
    reportHealthUnderLoad("during the import", result);
  } finally {
    await app.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
