/**
 * The admin CLI (scripts/cli.ts), run as a real child process against the test database and
 * checked through plain `pg`. Each spawn costs a second or two (tsx, bcrypt), so each test is one
 * scenario with several steps, and the tests run concurrently (they use their own users).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import bcrypt from "bcrypt";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations } from "../../lib/db/migrate";

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const databaseUrl: string | undefined = inject("databaseUrl") ?? process.env.DATABASE_URL;
const RUN = randomBytes(4).toString("hex");
const PASSWORD = "correct-horse-42";
const SCENARIO_TIMEOUT = 300_000;

let pool: pg.Pool;

beforeAll(async () => {
  if (!databaseUrl) throw new Error("no database: run under the api project's global setup, or set DATABASE_URL");
  // The global setup has migrated it already; this covers a bare DATABASE_URL (the CLI would too).
  await applyMigrations(databaseUrl);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
});

afterAll(async () => {
  await pool?.end();
});

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `tsx scripts/cli.ts ...args` with the react-server condition (what `npm run cli` runs: lib's
 * server modules are marked server-only), or through npm itself with `viaNpm`.
 */
function cli(args: string[], options: { viaNpm?: boolean } = {}): Promise<CliResult> {
  const [command, commandArgs] = options.viaNpm
    ? ["npm", ["run", "--silent", "cli", "--", ...args]]
    : [process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/cli.ts", ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function email(label: string): string {
  return `cli-${label}-${RUN}@example.com`;
}

/** Creates a user through the CLI and returns its id. */
async function createUser(address: string): Promise<string> {
  const result = await cli(["user:create", "--email", address, "--password", PASSWORD]);
  expect(result, result.stderr).toMatchObject({ code: 0 });
  return result.stdout.trim();
}

/** An expected failure: exit 1, nothing on stdout, one line on stderr, no stack trace. */
function expectRefusal(result: CliResult, message: RegExp) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr.trim().split("\n")).toHaveLength(1);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

async function query<Row extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await pool.query<Row>(sql, params)).rows;
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const [row] = await query<{ count: string }>(sql, params);
  return Number(row?.count);
}

async function membershipOf(userId: string) {
  const [row] = await query<{ workspaceId: string; role: string }>(`SELECT "workspaceId", role::text FROM "Membership" WHERE "userId" = $1`, [userId]);
  return row;
}

describe.concurrent("admin CLI", () => {
  it("prints usage on stderr: help exits 0, an unknown command exits 2 (through npm run)", { timeout: SCENARIO_TIMEOUT }, async () => {
    const [help, unknown] = await Promise.all([cli(["help"], { viaNpm: true }), cli(["user:delete"], { viaNpm: true })]);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe("");
    for (const command of ["user:create", "workspace:add-member", "apikey:create", "apikey:revoke", "apikey:list"]) {
      expect(help.stderr).toContain(command);
    }
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toMatch(/unknown command "user:delete"/);
    expect(unknown.stderr).toContain("Usage:");
  });

  it("refuses missing, unknown and invalid flags with exit 1 and writes nothing", { timeout: SCENARIO_TIMEOUT }, async () => {
    const address = email("badflags");
    const [missing, unknownFlag, badEmail, weakPassword, badRole] = await Promise.all([
      cli(["user:create", "--email", address]),
      cli(["user:create", "--email", address, "--password", PASSWORD, "--admin", "yes"]),
      cli(["user:create", "--email", "not-an-email", "--password", PASSWORD]),
      cli(["user:create", "--email", address, "--password", "abcdefgh"]),
      cli(["workspace:add-member", "--admin", address, "--email", address, "--role", "owner"]),
    ]);
    expectRefusal(missing, /missing required option --password/);
    expectRefusal(unknownFlag, /unknown option --admin/);
    expectRefusal(badEmail, /--email: Enter a valid email address/);
    expectRefusal(weakPassword, /--password: Password must mix letters with digits or symbols/);
    expect(weakPassword.stderr).not.toContain("abcdefgh");
    expectRefusal(badRole, /--role: Role must be admin or member/);

    const users = await query(`SELECT id FROM "User" WHERE email IN ($1, 'not-an-email')`, [address]);
    expect(users).toEqual([]);
  });

  it("apikey:create --access read makes a read-only key; list shows it; the audit log names the CLI", { timeout: SCENARIO_TIMEOUT }, async () => {
    const address = email("access");
    const userId = await createUser(address);
    const [created, refused] = await Promise.all([
      cli(["apikey:create", "--email", address, "--name", "reader", "--access", "read"]),
      cli(["apikey:create", "--email", address, "--name", "writer", "--access", "write"]),
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain("read-only");
    expectRefusal(refused, /--access: Expected "full" or "read"/);
    const listed = await cli(["apikey:list", "--email", address]);
    expect(listed.stdout).toMatch(/reader\s+service_sk_\S+\s+read\s+/);
    expect(await query(`SELECT name, access::text FROM "ApiKey" WHERE "userId" = $1`, [userId])).toEqual([{ name: "reader", access: "read" }]);
    const audit = await query(
      `SELECT action, "actorType", "actorUserId", "targetName", ip FROM "AuditEvent" WHERE "targetType" = 'api_key' AND "workspaceId" = $1`,
      [(await membershipOf(userId))!.workspaceId],
    );
    expect(audit).toEqual([{ action: "apikey.created", actorType: "cli", actorUserId: null, targetName: "reader (read)", ip: null }]);
  });

  it("user:create prints the new id; a taken email is refused and writes nothing", { timeout: SCENARIO_TIMEOUT }, async () => {
    const address = email("create");
    const first = await cli(["user:create", "--email", address.toUpperCase(), "--password", PASSWORD, "--name", "Ada"]);
    expect(first.code, first.stderr).toBe(0);
    const id = first.stdout.trim();
    expect(first.stdout).toBe(`${id}\n`);

    const [user] = await query<{ email: string; name: string; passwordHash: string }>(`SELECT email, name, "passwordHash" FROM "User" WHERE id = $1`, [id]);
    expect(user).toMatchObject({ email: address, name: "Ada" });
    expect(user?.passwordHash).toMatch(/^\$2[aby]\$/);
    expect(await membershipOf(id)).toMatchObject({ role: "admin" });

    const duplicate = await cli(["user:create", "--email", address, "--password", "another-pass-7"]);
    expectRefusal(duplicate, /already exists/);
    expect(await count(`SELECT count(*) FROM "User" WHERE email = $1`, [address])).toBe(1);
  });

  it("apikey: create shows the key once, stores a bcrypt hash; list; the 11th key is refused; revoke by name", { timeout: SCENARIO_TIMEOUT }, async () => {
    const address = email("keys");
    const userId = await createUser(address);

    // create: the key is the last line of stdout; only its hash and first 20 characters are stored
    const created = await cli(["apikey:create", "--email", address, "--name", "ci main"]);
    expect(created.code, created.stderr).toBe(0);
    const key = created.stdout.trim().split("\n").at(-1) ?? "";
    expect(key).toMatch(/^service_sk_[A-Za-z0-9_-]{48}$/);
    expect(created.stderr).not.toContain(key);
    const [row] = await query<{ id: string; prefix: string; keyHash: string }>(`SELECT id, prefix, "keyHash" FROM "ApiKey" WHERE "userId" = $1`, [userId]);
    expect(row?.prefix).toBe(key.slice(0, 20));
    expect(row?.keyHash).toMatch(/^\$2[aby]\$/);
    expect(await bcrypt.compare(key, row?.keyHash ?? "")).toBe(true);
    const plaintextRows = await query(`SELECT id FROM "ApiKey" k WHERE strpos(k::text, $1) > 0`, [key]);
    expect(plaintextRows).toEqual([]);

    // 8 more keys (two share a name) make 9. Then, at once: list, and two creates racing for the
    // 10th place, of which exactly one may win.
    for (let i = 0; i < 8; i++) {
      await pool.query(`INSERT INTO "ApiKey" (id, "userId", name, prefix, "keyHash") VALUES ($1, $2, $3, 'service_sk_filler000', 'not-a-real-hash')`, [
        `filler-${RUN}-${i}`,
        userId,
        i < 2 ? "twin" : `filler ${i}`,
      ]);
    }
    const [listed, one, other] = await Promise.all([
      cli(["apikey:list", "--email", address]),
      cli(["apikey:create", "--email", address, "--name", "tenth"]),
      cli(["apikey:create", "--email", address, "--name", "tenth"]),
    ]);

    // list: names and prefixes, never a key or a hash
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/NAME\s+PREFIX\s+ACCESS\s+CREATED\s+LAST USED/);
    expect(listed.stdout).toMatch(new RegExp(`ci main\\s+${key.slice(0, 20)}\\s+full\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\s+never`));
    expect(listed.stdout).toContain("twin");
    for (const secret of [key, one.stdout.trim(), other.stdout.trim()].filter(Boolean)) {
      expect(listed.stdout).not.toContain(secret);
    }
    expect(listed.stdout + listed.stderr).not.toContain("$2");

    // the limit: the 11th key is refused and nothing is written
    expect([one.code, other.code].sort()).toEqual([0, 1]);
    expectRefusal(one.code === 1 ? one : other, /already have 10 active API keys/);
    const activeCount = () => count(`SELECT count(*) FROM "ApiKey" WHERE "userId" = $1 AND "revokedAt" IS NULL`, [userId]);
    expect(await activeCount()).toBe(10);

    // revoke: by name; refused for an unknown name and for a name that two active keys share
    const [revoked, unknown, ambiguous] = await Promise.all([
      cli(["apikey:revoke", "--email", address, "--name", "ci main"]),
      cli(["apikey:revoke", "--email", address, "--name", "no such key"]),
      cli(["apikey:revoke", "--email", address, "--name", "twin"]),
    ]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(key.slice(0, 20));
    expect(revoked.stdout).not.toContain(key);
    expectRefusal(unknown, /No active API key named "no such key"/);
    expectRefusal(ambiguous, /2 active API keys are named "twin"/);
    const [revokedRow] = await query<{ revokedAt: Date | null }>(`SELECT "revokedAt" FROM "ApiKey" WHERE id = $1`, [row?.id]);
    expect(revokedRow?.revokedAt).toBeInstanceOf(Date);
    const revocations = await query(`SELECT "actorType", "actorUserId", "targetName" FROM "AuditEvent" WHERE action = 'apikey.revoked' AND "targetId" = $1`, [
      row?.id,
    ]);
    expect(revocations).toEqual([{ actorType: "cli", actorUserId: null, targetName: "ci main" }]);
    expect(await activeCount()).toBe(9);
  });

  it(
    "workspace:add-member moves the user with their snaps and folders; refuses a non-admin, an unknown user, a member",
    { timeout: SCENARIO_TIMEOUT },
    async () => {
      const [admin, mover, outsider] = [email("ws-admin"), email("ws-mover"), email("ws-outsider")];
      const [adminId, moverId, outsiderId] = await Promise.all([createUser(admin), createUser(mover), createUser(outsider)]);
      const adminWorkspace = (await membershipOf(adminId))?.workspaceId;
      const moverWorkspace = (await membershipOf(moverId))?.workspaceId;
      const outsiderWorkspace = (await membershipOf(outsiderId))?.workspaceId;
      expect(adminWorkspace).toBeDefined();
      expect(moverWorkspace).not.toBe(adminWorkspace);

      // the mover owns a folder and two snaps (one shared with their current workspace)
      await pool.query(`INSERT INTO "Folder" (id, "workspaceId", "userId", name, "updatedAt") VALUES ($1, $2, $3, 'Plans', now())`, [
        `folder-${RUN}`,
        moverWorkspace,
        moverId,
      ]);
      await pool.query(
        `INSERT INTO "Snap" (id, "userId", "workspaceId", "folderId", "sharedWithWorkspace")
       VALUES ($1, $3, $4, $5, true), ($2, $3, $4, NULL, false)`,
        [`snap-a-${RUN}`, `snap-b-${RUN}`, moverId, moverWorkspace, `folder-${RUN}`],
      );

      const moved = await cli(["workspace:add-member", "--admin", admin, "--email", mover, "--role", "member"]);
      expect(moved.code, moved.stderr).toBe(0);
      expect(moved.stdout).toContain("2 snaps and 1 folder moved");
      expect(moved.stderr).toMatch(/1 snap shared with the previous workspace became private/);

      expect(await membershipOf(moverId)).toEqual({ workspaceId: adminWorkspace, role: "member" });
      // Added, not their personal workspace: they may leave it.
      expect(await query(`SELECT personal FROM "Membership" WHERE "userId" = $1`, [moverId])).toEqual([{ personal: false }]);
      const snaps = await query<{ workspaceId: string; sharedWithWorkspace: boolean }>(
        `SELECT "workspaceId", "sharedWithWorkspace" FROM "Snap" WHERE "userId" = $1`,
        [moverId],
      );
      expect(snaps).toEqual([
        { workspaceId: adminWorkspace, sharedWithWorkspace: false },
        { workspaceId: adminWorkspace, sharedWithWorkspace: false },
      ]);
      const folders = await query(`SELECT "workspaceId" FROM "Folder" WHERE "userId" = $1`, [moverId]);
      expect(folders).toEqual([{ workspaceId: adminWorkspace }]);
      expect(await query(`SELECT id FROM "Workspace" WHERE id = $1`, [moverWorkspace])).toEqual([]);
      const added = await query(
        `SELECT action, "actorType", "actorUserId", "targetId", ip FROM "AuditEvent" WHERE "workspaceId" = $1 AND "targetType" = 'member'`,
        [adminWorkspace],
      );
      expect(added).toEqual([{ action: "member.added", actorType: "cli", actorUserId: null, targetId: moverId, ip: null }]);

      const [notAdmin, unknownUser, alreadyMember] = await Promise.all([
        cli(["workspace:add-member", "--admin", mover, "--email", outsider]),
        cli(["workspace:add-member", "--admin", admin, "--email", email("ws-nobody")]),
        cli(["workspace:add-member", "--admin", admin, "--email", mover]),
      ]);
      expectRefusal(notAdmin, /Only an admin of the workspace can add members/);
      expectRefusal(unknownUser, /No user with email/);
      expectRefusal(alreadyMember, /already a member/);
      expect(await membershipOf(outsiderId)).toEqual({ workspaceId: outsiderWorkspace, role: "admin" });
      expect(await membershipOf(moverId)).toEqual({ workspaceId: adminWorkspace, role: "member" });
    },
  );
});
