/**
 * PNG exports are bounded (docs/EXPORT-IMPORT.md, "PNG"): one render at a time per instance, a
 * bounded queue behind it, one per user; past either, 429 with Retry-After. The server of this file
 * holds each render at a gate (PNG_RENDER_TEST_GATE, a test-only hook) until the test opens it, so
 * the queue is seen full without any timing.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MAX_PNG_PIXELS } from "../../lib/transfer/png-limits";
import { PNG_RENDERS_AT_ONCE, PNG_RENDERS_WAITING } from "../../lib/transfer/png-render-queue";
import { startAppServer, type AppServer } from "../setup/app-server";
import { createKey, documentedFetch, signUp } from "./helpers";

let server: AppServer;
const folder = mkdtempSync(path.join(tmpdir(), "png-gate-"));
const gate = path.join(folder, `gate-${randomBytes(4).toString("hex")}`);

interface Exporter {
  key: string;
  snapId: string;
}

async function exporter(label: string, grid = { rows: 1, cols: 1 }): Promise<Exporter> {
  const user = await signUp(label);
  const key = await createKey(user);
  const response = await documentedFetch(`${inject("baseUrl")}/api/snaps`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ title: label, ...grid }),
  });
  return { key, snapId: ((await response.json()) as { snap: { id: string } }).snap.id };
}

const exportPng = ({ key, snapId }: Exporter) =>
  documentedFetch(`${server.baseUrl}/api/snaps/${snapId}/export?format=png`, { headers: { authorization: `Bearer ${key}` } });

async function expectRefused(response: Response) {
  expect(response.status).toBe(429);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
}

beforeAll(async () => {
  server = await startAppServer({ databaseUrl: inject("databaseUrl"), authSecret: inject("authSecret"), env: { PNG_RENDER_TEST_GATE: gate } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe("PNG export", () => {
  it(`refuses a picture over ${MAX_PNG_PIXELS.toLocaleString("en")} pixels before rendering it: a 23 x 38 board at scale 1`, async () => {
    const large = await exporter("png-large", { rows: 23, cols: 38 });
    const response = await exportPng(large);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(MAX_PNG_PIXELS.toLocaleString("en"));
    expect(readdirSync(folder).filter((name) => name.endsWith(".waiting"))).toHaveLength(0);
  });

  it("renders one at a time: one per user, a bounded queue, 429 with Retry-After past them", async () => {
    const first = await exporter("png-first");
    const others = await Promise.all(Array.from({ length: PNG_RENDERS_AT_ONCE + PNG_RENDERS_WAITING }, (_, index) => exporter(`png-${index}`)));
    expect(existsSync(gate)).toBe(false);

    const firstExport = exportPng(first);
    // Its render has started (and holds at the gate): the worker says so.
    await expect.poll(() => readdirSync(folder).filter((name) => name.endsWith(".waiting")).length, { timeout: 30_000 }).toBe(1);
    // The same user again: refused at once.
    await expectRefused(await exportPng(first));

    // The slots left and the queue hold all but one of the others: that one is refused at once.
    const pending = others.map((caller) => exportPng(caller));
    const firstAnswer = await Promise.race(pending);
    await expectRefused(firstAnswer.clone());
    // Only one render has started all along: the rest wait for a slot.
    expect(readdirSync(folder).filter((name) => name.endsWith(".waiting"))).toHaveLength(PNG_RENDERS_AT_ONCE);

    writeFileSync(gate, "");
    const answers = await Promise.all([firstExport, ...pending]);
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1 + PNG_RENDERS_AT_ONCE + PNG_RENDERS_WAITING - 1);
    const png = answers.find((response) => response.status === 200)!;
    expect(png.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await png.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});
