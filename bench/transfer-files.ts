/**
 * Export and import of a board's files (docs/PERFORMANCE.md, "Export and import with files"): a
 * board of `--images` uploaded photos (noise JPEGs of 1600 × 1200, about 1.5 MB each, each on an
 * image card) and `--blobs` files of `--mb` MB of random bytes, against the production build with
 * the heap cap `npm start` sets, on disk storage in a fresh folder. Times the .snap.zip export (read
 * to its end by the client), its import, and the SVG and PNG pictures that embed the images, with
 * the server's V8 heap and RSS sampled throughout.
 *
 *   npx tsx --conditions=react-server bench/transfer-files.ts [--images 40] [--blobs 4] [--mb 20]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { createBenchDatabase, seedFixtures } from "./database";
import { memoryMb, startApp } from "./server";
import { readServerMetrics } from "./server-metrics";

const { values: args } = parseArgs({
  options: { images: { type: "string", default: "40" }, blobs: { type: "string", default: "4" }, mb: { type: "string", default: "20" } },
});
const IMAGES = Number(args.images);
const BLOBS = Number(args.blobs);
const BLOB_BYTES = Number(args.mb) * 1_000_000;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function noisePhoto(): Promise<Buffer> {
  const [width, height] = [1600, 1200];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function main(): Promise<void> {
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "snap-transfer-bench-"));
  const authSecret = randomBytes(32).toString("base64url");
  const fixtures = await seedFixtures(database.url, authSecret, 1);
  const app = await startApp({
    DATABASE_URL: database.url,
    AUTH_SECRET: authSecret,
    SNAP_DATA_DIR: dataDir,
    FILE_MAX_BYTES: String(Math.max(BLOB_BYTES, 25_000_000)),
    FILE_WORKSPACE_QUOTA_BYTES: "0",
    LOG_LEVEL: "warn",
  });
  const auth = { authorization: `Bearer ${fixtures.apiKey}` };
  let peakHeap = 0;
  let peakRss = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const metrics = await readServerMetrics(app.baseUrl).catch(() => null);
      if (metrics) peakHeap = Math.max(peakHeap, metrics.heapUsedBytes);
      peakRss = Math.max(peakRss, memoryMb(app.pid)?.rss ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    peakHeap = 0;
    peakRss = 0;
    const started = performance.now();
    const result = await work();
    console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s, V8 heap peak ${mb(peakHeap)}, RSS peak ${peakRss.toFixed(0)} MB`);
    return result;
  };
  try {
    const cols = Math.ceil(Math.sqrt(IMAGES + BLOBS));
    const created = await fetch(`${app.baseUrl}/api/snaps`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ title: "Transfer bench", rows: 1, cols: 1 }),
    });
    const snapId = ((await created.json()) as { snap: { id: string } }).snap.id;
    const photo = await noisePhoto();
    const cards: { row: number; col: number; cellType?: string; title: string; snapId: string }[] = [];
    let stored = 0;
    for (let index = 0; index < IMAGES + BLOBS; index++) {
      const image = index < IMAGES;
      const body = image ? photo : randomBytes(BLOB_BYTES);
      const response = await fetch(`${app.baseUrl}/api/snaps/${snapId}/files?name=${image ? "photo.jpg" : "data.bin"}`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/octet-stream" },
        body: new Uint8Array(body),
      });
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      const file = ((await response.json()) as { file: { url: string; size: number } }).file;
      stored += file.size;
      cards.push({ snapId, row: 1 + Math.floor(index / cols), col: index % cols, ...(image ? { cellType: "image" } : {}), title: file.url });
    }
    const batch = await fetch(`${app.baseUrl}/api/snaps/cards/batch`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ cards }),
    });
    if (!batch.ok) throw new Error(`cards answered ${batch.status}: ${await batch.text()}`);
    console.log(`board: ${IMAGES} photos (${mb(photo.length)} each as sent) and ${BLOBS} × ${args.mb} MB files, ${mb(stored)} stored`);

    const archive = await timed("export format=zip (streamed to the client)", async () => {
      const response = await fetch(`${app.baseUrl}/api/snaps/${snapId}/export?format=zip`, { headers: auth });
      if (response.status !== 200) throw new Error(`export answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    });
    console.log(`  archive: ${mb(archive.length)}`);
    await timed("import /api/snaps/import/zip", async () => {
      const response = await fetch(`${app.baseUrl}/api/snaps/import/zip`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/zip" },
        body: new Uint8Array(archive),
      });
      if (response.status !== 201) throw new Error(`import answered ${response.status}: ${await response.text()}`);
    });
    const svg = await timed("export format=svg (images embedded)", async () => {
      const response = await fetch(`${app.baseUrl}/api/snaps/${snapId}/export?format=svg`, { headers: auth });
      return response.text();
    });
    console.log(`  svg: ${mb(Buffer.byteLength(svg))}, ${svg.match(/<image /g)?.length ?? 0} images embedded`);
    await timed("export format=png scale=1", async () => {
      const response = await fetch(`${app.baseUrl}/api/snaps/${snapId}/export?format=png`, { headers: auth });
      if (response.status !== 200) throw new Error(`png answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    });
  } finally {
    sampling = false;
    await sampler;
    await app.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
