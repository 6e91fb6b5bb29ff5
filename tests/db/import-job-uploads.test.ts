/**
 * An import job's upload never outlives its row (migration 20261206173000_import_job_upload_deletion):
 * the hourly sweep deletes a job that never ran with its upload, and a row taken by a cascade (its
 * user deleted) queues the upload for the file sweep as a deleted file's objects are.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
const scratch = await mkdtemp(path.join(tmpdir(), "import-job-uploads-"));
// Files on disk under a folder of this test's own (FILE_STORAGE unset: `$SNAP_DATA_DIR/files`).
delete process.env.FILE_STORAGE;
process.env.SNAP_DATA_DIR = scratch;
const { db } = await import("../../lib/db/client");
const { pool } = await import("../../lib/db/pool");
const { fileStorage } = await import("../../lib/files/file-storage-from-config");
const { importJobObjectKey } = await import("../../lib/transfer/import-jobs/import-job-storage");
const { sweepImportJobs } = await import("../../lib/transfer/import-jobs/sweep-import-jobs");
const { sweepFiles } = await import("../../lib/files/sweep-files");

const tag = randomUUID().slice(0, 8);

async function userWithJob(name: string, createdAt: string): Promise<{ userId: string; jobId: string }> {
  const userId = `u-${name}-${tag}`;
  const jobId = `j${name}${tag}`.slice(0, 32);
  const upload = path.join(scratch, jobId);
  await writeFile(upload, "a workbook's bytes");
  await fileStorage().put(importJobObjectKey(jobId), upload, { contentType: "application/octet-stream", size: 18 });
  await db.$executeRawUnsafe(`INSERT INTO "User" (id, email, "updatedAt") VALUES ('${userId}', '${name}-${tag}@example.test', now())`);
  await db.$executeRawUnsafe(
    `INSERT INTO "ImportJob" (id, "userId", format, request, "objectKey", "createdAt") VALUES ('${jobId}', '${userId}', 'xlsx', '{}', '${importJobObjectKey(jobId)}', ${createdAt})`,
  );
  return { userId, jobId };
}

const stored = async (jobId: string) => (await fileStorage().get(importJobObjectKey(jobId))) !== null;

let old: { userId: string; jobId: string };
let removed: { userId: string; jobId: string };

beforeAll(async () => {
  old = await userWithJob("old", "now() - interval '25 hours'");
  removed = await userWithJob("gone", "now()");
});

afterAll(async () => {
  await db.$executeRawUnsafe(`DELETE FROM "User" WHERE id IN ('${old.userId}', '${removed.userId}')`);
  await db.$disconnect();
  await rm(scratch, { recursive: true, force: true });
});

describe("import jobs' uploads", () => {
  it("the sweep deletes a job past its retention together with the upload it still held", async () => {
    expect(await stored(old.jobId)).toBe(true);
    expect(await sweepImportJobs()).toBeGreaterThanOrEqual(1);
    expect(await db.importJob.findUnique({ where: { id: old.jobId } })).toBeNull();
    expect(await stored(old.jobId)).toBe(false);
    expect((await pool.query(`SELECT 1 FROM "FileObjectDeletion" WHERE "objectId" = $1`, [old.jobId])).rowCount).toBe(0);
  });

  it("a job taken with its user queues its upload, and the file sweep deletes it", async () => {
    await db.user.delete({ where: { id: removed.userId } });
    expect((await pool.query(`SELECT 1 FROM "FileObjectDeletion" WHERE "objectId" = $1`, [removed.jobId])).rowCount).toBe(1);
    expect(await stored(removed.jobId)).toBe(true);
    await sweepFiles();
    expect(await stored(removed.jobId)).toBe(false);
  });
});
