/**
 * `npx tsx --conditions=react-server bench/write-breakdown.ts`: where a single card PATCH's server CPU
 * goes outside Next.js (docs/PERFORMANCE.md, "Single writes"). On a fresh bench database, in this
 * process, each step of the route's path is run BENCH_WRITES times (default 3,000, after 300
 * unmeasured) and its CPU and wall time per call printed: the step as the route runs it, with the same
 * library functions. Next's own part is scenario a1 of `npm run bench` (the catch-all's 404).
 */
import { createBenchDatabase, seedFixtures } from "./database";
import { seedWriteFixtures } from "./write-fixtures";

const WRITES = Number(process.env.BENCH_WRITES ?? 3_000);
const database = await createBenchDatabase();
process.env.DATABASE_URL = database.url;
process.env.AUTH_SECRET = "write-breakdown-secret-of-32-characters";
process.env.LOG_LEVEL ??= "silent";
try {
  const fixtures = await seedFixtures(database.url, process.env.AUTH_SECRET, 1);
  const cards = (await seedWriteFixtures(database.url, fixtures, 0.1)).patchCards[0]!;
  const { authenticateRequest } = await import("../lib/auth/authenticate-request");
  const { updateCard } = await import("../lib/cards/update-card");
  const { cardEtag } = await import("../lib/cards/card-etag");
  const { runRequest } = await import("../lib/http/run-request");
  const { readJsonBody, validate } = await import("../lib/http/parse");
  const { jsonWithEtag } = await import("../lib/http/etag");
  const { cardUpdateSchema } = await import("../lib/board-model/card-schemas");
  const { pool } = await import("../lib/db/client");

  const request = (n: number) =>
    new Request(`http://127.0.0.1/api/snaps/cards/${cards[n % cards.length]}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ title: `Task rev ${n}` }),
    });
  const principal = await authenticateRequest(request(0));
  const card = await updateCard(principal, cards[0]!, { title: "first" });
  const unread = await authenticateRequest(request(0), { keyUnread: true });

  const steps: [string, (n: number) => Promise<unknown>][] = [
    ["a Request (the baseline of the next two)", async (n) => request(n)],
    ["authenticate, the key read before (a single write's path: no read)", async (n) => authenticateRequest(request(n), { keyUnread: true })],
    ["authenticate: fingerprint, the key's read (every other operation)", async (n) => authenticateRequest(request(n))],
    ["read the body, validate it", async (n) => validate(cardUpdateSchema, await readJsonBody(request(n), { maxBytes: 1_000_000 }), "body")],
    ["the write's statement, its row (the key checked in it)", async (n) => updateCard(unread, cards[n % cards.length]!, { title: `Task rev ${n}` })],
    ["ETag and the JSON answer", async (n) => jsonWithEtag(request(n), { card }, cardEtag(card)).text()],
    ["the request frame: context, headers, log, metrics", async (n) => runRequest(request(n), async () => Response.json({ card }))],
  ];
  console.log(`${WRITES} calls each, after 300 unmeasured; CPU of this process (user + system) and wall time per call`);
  for (const [label, step] of steps) {
    for (let n = 0; n < 300; n++) await step(n);
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let n = 0; n < WRITES; n++) await step(n);
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000 / WRITES;
    const wallMs = (performance.now() - started) / WRITES;
    console.log(`${label.padEnd(Math.max(...steps.map(([name]) => name.length)))}  ${cpuMs.toFixed(3)} ms CPU  ${wallMs.toFixed(3)} ms wall`);
  }
  await pool.end();
} finally {
  await database.drop();
}
