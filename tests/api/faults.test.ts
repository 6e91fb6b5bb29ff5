import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../setup/app-server";
import { startTcpProxy, type TcpProxy } from "../setup/tcp-proxy";
import { insertSnap, type SnapFixture } from "./card-fixtures";
import { createTeam, sql, type TeamMember } from "./fixtures";
import { databaseUrl, documentedFetch } from "./helpers";

/**
 * The database goes away under load: an app instance of its own talks to PostgreSQL through a
 * TCP proxy the test owns (the shared server is never stopped), and the proxy cuts every
 * connection and refuses new ones. Requests must be answered 503 (the pool gives up connecting after
 * its connect timeout), no batch may be half-written, and the instance must recover by itself once
 * the proxy lets connections through again. No timing is asserted: the test waits for states.
 */

/** Only bounds a hang: a request not answered by then is a failure ("no answer"), however busy the machine. */
const HANG_MS = 60_000;
const CARDS = 100;
const WORKERS = 6;

interface Outcome {
  /** 0: no answer within HANG_MS. */
  status: number;
  text: string;
  retryAfter: string | null;
}

let proxy: TcpProxy;
let app: AppServer;
let owner: TeamMember;

beforeAll(async () => {
  proxy = await startTcpProxy(databaseUrl);
  app = await startAppServer({ databaseUrl: proxy.url, authSecret: inject("authSecret") });
  ({ owner } = await createTeam());
}, 120_000);

// A failed case must not leave the next one without a database.
afterEach(() => proxy.restore());

afterAll(async () => {
  await app?.stop();
  await proxy?.close();
});

async function send(method: "PATCH" | "POST", body: unknown): Promise<Outcome> {
  try {
    const response = await documentedFetch(`${app.baseUrl}/api/snaps/cards/batch`, {
      method,
      headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await response.text();
    return { status: response.status, text, retryAfter: response.headers.get("retry-after") };
  } catch (error) {
    return { status: 0, text: `no answer: ${(error as Error).message}`, retryAfter: null };
  }
}

/** Every card of `snap` gets the title `label`: one value the whole batch must agree on. */
const retitle = (snap: SnapFixture, label: string) => send("PATCH", { updates: snap.cardIds.map((id) => ({ id, title: label })) });
/** 100 new cards in `snapId`, all titled `label`. */
const createCards = (snapId: string, label: string) =>
  send("POST", { cards: Array.from({ length: CARDS }, (_, i) => ({ snapId, row: Math.floor(i / 10), col: i % 10, title: label })) });

/** Titles of the snaps' cards and how many cards carry each. */
async function titleCounts(snapIds: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await sql().query(`SELECT title, count(*)::int AS n FROM "Card" WHERE "snapId" = ANY($1) GROUP BY title`, [snapIds]);
  return new Map(rows.map((row) => [row.title as string, row.n as number]));
}

/** Polls a state of the test's own; the deadline only bounds a hang. */
async function until(condition: () => boolean, timeoutMs = 2 * HANG_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function health(): Promise<number> {
  return (await documentedFetch(`${app.baseUrl}/api/health`)).status;
}

async function waitForHealthy(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await health()) !== 200) {
    if (Date.now() > deadline) throw new Error("the instance did not recover by itself");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A refusal under an outage (docs/API.md, "Errors"): 503, a clear code, a retry hint, nothing internal. */
function expectUnavailable(outcome: Outcome): void {
  expect(outcome.status).toBe(503);
  expect(JSON.parse(outcome.text)).toEqual({ error: { code: "SERVICE_UNAVAILABLE", message: expect.any(String) } });
  expect(Number(outcome.retryAfter)).toBeGreaterThan(0);
  expect(outcome.text).not.toMatch(/ECONN|prisma|postgres|pg_|sql|select|update|insert|terminated|stack|\bat\s/i);
}

describe("the database connection is cut during a load of 100-card batch writes", () => {
  it(
    "fails fast with 503, leaves no batch half-written, and recovers without a restart",
    async () => {
      const patchSnaps = await Promise.all(Array.from({ length: WORKERS / 2 }, () => insertSnap(owner, { cards: CARDS })));
      const postSnaps = await Promise.all(Array.from({ length: WORKERS / 2 }, () => insertSnap(owner)));
      type Phase = "before" | "during" | "after";
      const outcomes: (Outcome & { kind: "PATCH" | "POST"; label: string; phase: Phase })[] = [];
      let phase: Phase = "before";
      let running = true;

      // Each worker writes to its own snap, so the only failures are the outage's.
      const worker = async (index: number) => {
        for (let round = 0; running; round++) {
          const label = `w${index} r${round}`;
          const started = phase;
          if (index % 2 === 0) {
            const snap = patchSnaps[index / 2]!;
            outcomes.push({ ...(await retitle(snap, label)), kind: "PATCH", label, phase: started });
          } else {
            const snap = postSnaps[(index - 1) / 2]!;
            outcomes.push({ ...(await createCards(snap.id, label)), kind: "POST", label, phase: started });
          }
          // After a refusal a client asks whether the service is back before writing again, rather
          // than spinning: the health answer paces the loop, no timer.
          if (outcomes.at(-1)!.status === 503) await health();
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));

      // Under way first: every worker has written at least once.
      await until(() => outcomes.filter((outcome) => outcome.status < 300).length >= WORKERS);
      // Each phase lasts until every worker has finished a write it started in that phase.
      const everyWorkerWrote = (inPhase: Phase) => () =>
        new Set(outcomes.filter((o) => o.phase === inPhase).map((o) => o.label.split(" ")[0])).size === WORKERS;
      phase = "during";
      proxy.cut();
      await until(everyWorkerWrote("during"));
      expect(await health()).toBe(503);
      await proxy.restore();
      await waitForHealthy();
      phase = "after";
      await until(everyWorkerWrote("after"));
      running = false;
      await load;

      const refused = outcomes.filter((outcome) => outcome.status === 503);
      const succeeded = outcomes.filter((outcome) => outcome.status === 200 || outcome.status === 201);
      console.log(`[faults] ${outcomes.length} batch writes, ${succeeded.length} succeeded, ${refused.length} refused with 503`);
      // Nothing but success or a clean refusal (an answer that never came is status 0, and fails here).
      expect(outcomes.filter((outcome) => !succeeded.includes(outcome) && !refused.includes(outcome)).map((o) => `${o.status} ${o.text}`)).toEqual([]);
      expect(refused.length).toBeGreaterThan(0);
      refused.forEach(expectUnavailable);
      // Writes succeeded before the outage and succeed again after it, on the same process.
      expect(succeeded.some((outcome) => outcome.phase === "before")).toBe(true);
      expect(outcomes.filter((outcome) => outcome.phase === "after").map((outcome) => outcome.status)).toEqual(
        outcomes.filter((outcome) => outcome.phase === "after").map((outcome) => (outcome.kind === "PATCH" ? 200 : 201)),
      );
      expect(outcomes.some((outcome) => outcome.phase === "after")).toBe(true);

      // Each PATCHed snap's cards all carry one batch's title; each POST made all its cards or none.
      for (const snap of patchSnaps) {
        const titles = await titleCounts([snap.id]);
        expect([...titles.values()]).toEqual([CARDS]);
      }
      const created = await titleCounts(postSnaps.map((snap) => snap.id));
      for (const [label, count] of created) expect({ label, count }).toEqual({ label, count: CARDS });
      for (const outcome of outcomes.filter((o) => o.kind === "POST" && o.status === 201)) expect(created.get(outcome.label)).toBe(CARDS);
    },
    5 * HANG_MS,
  ); // bounds a hang only
});

describe("the database goes away inside a batch's transaction", () => {
  const cases = [
    { name: "PATCH, between the row locks and the UPDATE", kind: "PATCH", marker: "jsonb_to_recordset" },
    { name: "PATCH, just before COMMIT", kind: "PATCH", marker: "COMMIT" },
    { name: "POST, between the INSERT and the snap's UPDATE", kind: "POST", marker: 'UPDATE "Snap"' },
    { name: "POST, just before COMMIT", kind: "POST", marker: "COMMIT" },
  ] as const;

  it.each(cases)(
    "$name: 503, nothing written, and the same batch succeeds once the database is back",
    async ({ kind, marker }) => {
      await waitForHealthy();
      const snap = kind === "PATCH" ? await insertSnap(owner, { cards: CARDS }) : await insertSnap(owner);
      const write = () => (kind === "PATCH" ? retitle(snap, "after the fault") : createCards(snap.id, "after the fault"));
      const before = await titleCounts([snap.id]);

      const cut = proxy.cutOnClientBytes(marker);
      const outcome = await write();
      await cut;
      expectUnavailable(outcome);
      expect(await titleCounts([snap.id])).toEqual(before);

      await proxy.restore();
      await waitForHealthy();
      expect((await write()).status).toBe(kind === "PATCH" ? 200 : 201);
      expect(await titleCounts([snap.id])).toEqual(new Map([["after the fault", CARDS]]));
    },
    3 * HANG_MS,
  ); // bounds a hang only
});
