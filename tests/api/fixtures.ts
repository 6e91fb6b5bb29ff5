import bcrypt from "bcrypt";
import pg from "pg";
import { afterAll } from "vitest";
import { newId } from "./card-fixtures";
import { createKey, databaseUrl, signIn, TEST_PASSWORD, uniqueEmail, type TestUser } from "./helpers";

let pool: pg.Pool | undefined;

/** Direct SQL for arranging and asserting state; the API under test never sees it. */
export function sql(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    afterAll(async () => {
      await pool?.end();
      pool = undefined;
    });
  }
  return pool;
}

export interface TeamMember extends TestUser {
  key: string;
}

export interface Team {
  /** Owns the snaps under test; a plain member of the workspace. */
  owner: TeamMember;
  /** The workspace's admin (whose personal workspace the others joined). */
  admin: TeamMember;
  /** Another plain member of the same workspace. */
  member: TeamMember;
  /** Someone in a different workspace. */
  outsider: TeamMember;
  workspaceId: string;
}

async function memberWithKey(label: string): Promise<TeamMember> {
  const user = await insertSignedUpUser(label);
  return { ...user, key: await createKey(user, `${label} key`) };
}

let lowCostPasswordHash: Promise<string> | undefined;

/**
 * A user as sign-up makes one (a personal workspace, of which they are admin), written with SQL,
 * then signed in through Auth.js as usual. Its password hash has bcrypt's lowest cost: the server
 * checks it as any other (a hash carries its cost), in a millisecond rather than the 90 ms of
 * sign-up's cost 11, which the teams of a run (about 180 users) would spend twice each, for the
 * hash and the sign-in. Sign-up itself is tested over the API (session.test.ts, `signUp`).
 */
async function insertSignedUpUser(label: string): Promise<TestUser> {
  lowCostPasswordHash ??= bcrypt.hash(TEST_PASSWORD, 4);
  const [id, workspaceId, email] = [newId(), newId(), uniqueEmail(label)];
  await sql().query(`INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES ($1, $2, $3, $4, now())`, [
    id,
    email,
    label,
    await lowCostPasswordHash,
  ]);
  await sql().query(`INSERT INTO "Workspace" (id, name) VALUES ($1, $2)`, [workspaceId, `${label}'s workspace`]);
  await sql().query(`INSERT INTO "Membership" ("userId", "workspaceId", role) VALUES ($1, $2, 'admin')`, [id, workspaceId]);
  const cookie = await signIn(email);
  if (!cookie) throw new Error("sign-in of a team member failed");
  return { id, email, cookie };
}

/**
 * A workspace with an admin and two members, plus an outsider, each with a session and a key.
 * Members are moved with SQL, as the CLI's workspace:add-member does, to keep tests fast: the
 * workspace is the admin's personal one, and one the others were added to (they may leave it).
 */
export async function createTeam(): Promise<Team> {
  const [admin, owner, member, outsider] = await Promise.all(["admin", "owner", "member", "outsider"].map(memberWithKey));
  const { rows } = await sql().query(`SELECT "workspaceId" FROM "Membership" WHERE "userId" = $1`, [admin!.id]);
  const workspaceId: string = rows[0].workspaceId;
  await sql().query(`UPDATE "Membership" SET "workspaceId" = $1, role = 'member', personal = false WHERE "userId" = ANY($2)`, [
    workspaceId,
    [owner!.id, member!.id],
  ]);
  return { admin: admin!, owner: owner!, member: member!, outsider: outsider!, workspaceId };
}

/**
 * Row counts of everything these users own or share: their snaps, cards, lines, change events, folders, keys,
 * idempotency keys and their workspaces' memberships. Scoped to them, so that other test files
 * writing at the same time do not move the numbers.
 */
export async function ownedRowCounts(userIds: readonly string[]): Promise<Record<string, number>> {
  const { rows } = await sql().query(
    `WITH snaps AS (SELECT id FROM "Snap" WHERE "userId" = ANY($1))
     SELECT (SELECT count(*) FROM snaps)::int AS snaps,
            (SELECT count(*) FROM "Card" WHERE "snapId" IN (SELECT id FROM snaps))::int AS cards,
            (SELECT count(*) FROM "Line" WHERE "snapId" IN (SELECT id FROM snaps))::int AS lines,
            (SELECT count(*) FROM "SnapEvent" WHERE "snapId" IN (SELECT id FROM snaps))::int AS "snapEvents",
            (SELECT count(*) FROM "Folder" WHERE "userId" = ANY($1))::int AS folders,
            (SELECT count(*) FROM "ApiKey" WHERE "userId" = ANY($1))::int AS "apiKeys",
            (SELECT count(*) FROM "IdempotencyKey" WHERE "userId" = ANY($1))::int AS "idempotencyKeys",
            (SELECT count(*) FROM "Membership" WHERE "workspaceId" IN (SELECT "workspaceId" FROM "Membership" WHERE "userId" = ANY($1)))::int AS memberships`,
    [userIds],
  );
  return rows[0];
}

/**
 * A digest of everything a write could change for these snaps and users: the snaps with their
 * cards and lines, the users' folders, memberships and keys (lastUsedAt aside: a read moves it).
 */
export async function stateChecksum(snapIds: readonly string[], userIds: readonly string[]): Promise<string> {
  const { rows } = await sql().query<{ digest: string }>(
    `SELECT md5(concat_ws('|',
       (SELECT json_agg(s ORDER BY id)::text FROM "Snap" s WHERE id = ANY($1)),
       (SELECT json_agg(c ORDER BY id)::text FROM "Card" c WHERE "snapId" = ANY($1)),
       (SELECT json_agg(l ORDER BY id)::text FROM "Line" l WHERE "snapId" = ANY($1)),
       (SELECT json_agg(f ORDER BY id)::text FROM "Folder" f WHERE "userId" = ANY($2)),
       (SELECT json_agg(m ORDER BY "userId")::text FROM "Membership" m WHERE "userId" = ANY($2)),
       (SELECT json_agg(json_build_array(k.id, k.name, k."revokedAt") ORDER BY id)::text FROM "ApiKey" k WHERE "userId" = ANY($2)),
       (SELECT json_agg(json_build_array(u.id, u.email, u.name, u."passwordHash") ORDER BY id)::text FROM "User" u WHERE id = ANY($2))
     )) AS digest`,
    [snapIds, userIds],
  );
  return rows[0]!.digest;
}
