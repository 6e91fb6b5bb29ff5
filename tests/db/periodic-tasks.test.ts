/**
 * The job queue's periodic housekeeping (lib/jobs/start-job-worker.ts, CRONTAB): each task deletes
 * what is past its retention and nothing else.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
const { db } = await import("../../lib/db/client");
const { pruneAuditLog } = await import("../../lib/audit/prune-audit-log");
const { sweepExpiredIdempotencyKeys } = await import("../../lib/http/sweep-expired-idempotency-keys");

const tag = randomUUID().slice(0, 8);
const user = `u-${tag}`;
const workspace = `w-${tag}`;

beforeAll(async () => {
  await db.$executeRawUnsafe(`
    INSERT INTO "User" (id, email, "updatedAt") VALUES ('${user}', '${tag}@example.test', now());
    INSERT INTO "Workspace" (id, name) VALUES ('${workspace}', 'Housekeeping');
    INSERT INTO "IdempotencyKey" ("userId", key, "requestHash", "createdAt") VALUES
      ('${user}', 'old', repeat('a', 64), now() - interval '25 hours'),
      ('${user}', 'fresh', repeat('b', 64), now() - interval '23 hours');
    INSERT INTO "AuditEvent" (id, "workspaceId", action, "occurredAt", "actorType", "targetType") VALUES
      ('old-${tag}', '${workspace}', 'snap.deleted', now() - interval '181 days', 'user', 'snap'),
      ('fresh-${tag}', '${workspace}', 'snap.deleted', now() - interval '179 days', 'user', 'snap');
  `);
});

afterAll(async () => {
  await db.$executeRawUnsafe(`DELETE FROM "AuditEvent" WHERE "workspaceId" = '${workspace}'`);
  await db.workspace.delete({ where: { id: workspace } });
  await db.user.delete({ where: { id: user } });
  await db.$disconnect();
});

describe("periodic tasks", () => {
  it("idempotency-sweep deletes keys past their 24 hours, and only those", async () => {
    expect(await sweepExpiredIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    const left = await db.idempotencyKey.findMany({ where: { userId: user }, select: { key: true } });
    expect(left.map((row) => row.key)).toEqual(["fresh"]);
  });

  it("audit-prune deletes entries past AUDIT_RETENTION_DAYS (default 180), and only those", async () => {
    expect(await pruneAuditLog()).toBeGreaterThanOrEqual(1);
    const left = await db.auditEvent.findMany({ where: { workspaceId: workspace }, select: { id: true } });
    expect(left.map((row) => row.id)).toEqual([`fresh-${tag}`]);
  });
});
