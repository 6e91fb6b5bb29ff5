import { describe, expect, it } from "vitest";
import { backupTarget } from "../../scripts/backup/backup-target";

describe("what npm run backup / restore work on (scripts/backup/backup-target.ts)", () => {
  it("PostgreSQL itself when DATABASE_URL is a pooler: DATABASE_DIRECT_URL wins", () => {
    const pooled = "postgres://app@pgbouncer:6432/snaps";
    const direct = "postgres://app@postgres:5432/snaps";
    expect(backupTarget({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct })).toEqual({ kind: "server", url: direct });
    expect(backupTarget({ DATABASE_URL: pooled })).toEqual({ kind: "server", url: pooled });
    expect(backupTarget({}).kind).toBe("embedded");
  });
});
