import pg from "pg";
import { afterAll } from "vitest";
import { createKey, databaseUrl, signUp, type TestUser } from "./helpers";

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
  const user = await signUp(label);
  return { ...user, key: await createKey(user, `${label} key`) };
}

/**
 * A workspace with an admin and two members, plus an outsider, each with a session and a key.
 * Members are moved with SQL, as the CLI's workspace:add-member does, to keep tests fast.
 */
export async function createTeam(): Promise<Team> {
  const [admin, owner, member, outsider] = await Promise.all(["admin", "owner", "member", "outsider"].map(memberWithKey));
  const { rows } = await sql().query(`SELECT "workspaceId" FROM "Membership" WHERE "userId" = $1`, [admin!.id]);
  const workspaceId: string = rows[0].workspaceId;
  await sql().query(`UPDATE "Membership" SET "workspaceId" = $1, role = 'member' WHERE "userId" = ANY($2)`, [workspaceId, [owner!.id, member!.id]]);
  return { admin: admin!, owner: owner!, member: member!, outsider: outsider!, workspaceId };
}
