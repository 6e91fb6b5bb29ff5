import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, documentedFetch } from "./helpers";
import { createTeam, sql, type Team } from "./fixtures";
import { buildZip } from "./zip-builder";

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

const archive = (title: string) =>
  buildZip([
    {
      name: "snap.json",
      data: JSON.stringify({ format: "snap-board", formatVersion: 1, snap: { title, rows: 2, cols: 2 }, cards: [{ key: "a", row: 0, col: 0, title: "A" }] }),
    },
  ]);

async function send(path: string, body: Buffer | string, headers: Record<string, string>, key = team.owner.key) {
  const response = await documentedFetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, ...headers },
    body: new Uint8Array(typeof body === "string" ? Buffer.from(body) : body),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function readJob(url: string, key = team.owner.key) {
  const response = await documentedFetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: await response.json() };
}

/** The job's answer once it is no longer running (the queue runs it; each read is a real request). */
async function outcome(url: string) {
  let last = await readJob(url);
  await expect.poll(async () => (last = await readJob(url)).status, { timeout: 20_000, interval: 100 }).not.toBe(202);
  return last;
}

describe("import jobs (docs/API.md, Import jobs)", () => {
  it("answers 202 with the job, then 201 with the snap at its URL", async () => {
    const csv = await send("/api/snaps/import/csv?title=Queued", "a,b\r\nc,d\r\n", { "content-type": "text/csv", prefer: "respond-async" });
    expect(csv.status).toBe(202);
    expect(csv.body.job).toMatchObject({ status: "running", progress: { done: 0, total: 0 } });
    expect(csv.headers.get("location")).toBe(csv.body.job.url);
    const done = await outcome(csv.body.job.url);
    expect(done.status).toBe(201);
    expect(done.body.snap.title).toBe("Queued");
    expect(done.body.snap.cards).toHaveLength(4);

    const zip = await send("/api/snaps/import/zip", archive("Zip job"), { "content-type": "application/zip", prefer: "respond-async" });
    expect(zip.status).toBe(202);
    const zipDone = await outcome(zip.body.job.url);
    expect(zipDone.body.snap?.title ?? zipDone.body).toBe("Zip job");
    expect(zipDone.status).toBe(201);
    // The upload is gone once the job has run.
    const { rows } = await sql().query(`SELECT "objectKey", status::text FROM "ImportJob" WHERE id = $1`, [zip.body.job.id]);
    expect(rows[0]).toEqual({ objectKey: null, status: "done" });
  });

  it("reports a refusal inside the job at its URL, as the import would have answered it", async () => {
    const job = await send("/api/snaps/import/csv", 'a,"unclosed\r\n', { "content-type": "text/csv", prefer: "respond-async" });
    expect(job.status).toBe(202);
    const refused = await outcome(job.body.job.url);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("BAD_REQUEST");
    const direct = await send("/api/snaps/import/csv", 'a,"unclosed\r\n', { "content-type": "text/csv" });
    expect(direct.status).toBe(400);
    expect(refused.body.error.message).toBe(direct.body.error.message);
  });

  it("shows a running job's progress to its uploader only", async () => {
    const id = `c${randomUUID().replace(/-/g, "").slice(0, 24)}`;
    await sql().query(`INSERT INTO "ImportJob" (id, "userId", format, request, done, total) VALUES ($1, $2, 'zip', '{}', 3, 10)`, [id, team.owner.id]);
    const running = await readJob(`/api/import-jobs/${id}`);
    expect(running.status).toBe(202);
    expect(running.body.job).toEqual({ id, status: "running", progress: { done: 3, total: 10 }, url: `/api/import-jobs/${id}` });
    for (const other of [team.member, team.admin, team.outsider]) expect((await readJob(`/api/import-jobs/${id}`, other.key)).status).toBe(404);
    expect((await readJob("/api/import-jobs/cnosuchjob0000000000000000")).status).toBe(404);
  });

  it("makes a retried upload with the same Idempotency-Key one job and one snap", async () => {
    const key = randomUUID();
    const bytes = archive("Once");
    const headers = { "content-type": "application/zip", "idempotency-key": key };
    const first = await send("/api/snaps/import/zip", bytes, headers);
    const retry = await send("/api/snaps/import/zip", bytes, headers);
    expect(first.status).toBe(202);
    expect(retry.status).toBe(202);
    expect(retry.body.job.id).toBe(first.body.job.id);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect((await send("/api/snaps/import/zip", archive("Other"), headers)).status).toBe(409);
    expect((await outcome(first.body.job.url)).status).toBe(201);
    const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "Snap" WHERE "userId" = $1 AND title = 'Once'`, [team.owner.id]);
    expect(rows[0].n).toBe(1);

    // A CSV's key is kept by withIdempotency, which replays the same 202.
    const csvHeaders = { "content-type": "text/csv", prefer: "respond-async", "idempotency-key": randomUUID() };
    const csvFirst = await send("/api/snaps/import/csv?title=CsvOnce", "x\r\n", csvHeaders);
    const csvRetry = await send("/api/snaps/import/csv?title=CsvOnce", "x\r\n", csvHeaders);
    expect(csvRetry.body.job.id).toBe(csvFirst.body.job.id);
  });

  it("keeps small imports synchronous", async () => {
    const small = await send("/api/snaps/import/csv", "a\r\n", { "content-type": "text/csv" });
    expect(small.status).toBe(201);
    expect(small.body.snap.cards).toHaveLength(1);
  });
});
