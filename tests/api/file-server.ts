import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import bcrypt from "bcrypt";
import pg from "pg";
import { inject } from "vitest";
import { applyMigrations } from "@/lib/db/migrate";
import { createScratchDatabase } from "@/lib/db/schema-diff";
import { startAppServer } from "../setup/app-server";
import { newId } from "./card-fixtures";
import { api, signIn, TEST_PASSWORD, uniqueEmail } from "./helpers";

/** Small limits, so that a test passes them with a few hundred kilobytes. */
export const TEST_FILE_LIMITS = {
  FILE_MAX_BYTES: "400000",
  FILE_WORKSPACE_QUOTA_BYTES: "900000",
  FILE_MAX_IMAGE_PIXELS: "4000000",
  IMPORT_MAX_IMAGE_PIXELS: "10000000",
};

export interface FileServer {
  baseUrl: string;
  db: pg.Pool;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * An app server of its own on a database of its own, with the given file storage settings: its
 * job worker is the only one that runs its file sweep, on its storage.
 */
export async function startFileServer(env: Record<string, string>): Promise<FileServer> {
  const scratch = await createScratchDatabase(inject("databaseUrl"), "snap_test_files");
  await applyMigrations(scratch.url);
  const dataDir = await mkdtemp(path.join(tmpdir(), "snap-files-test-"));
  const server = await startAppServer({
    databaseUrl: scratch.url,
    authSecret: inject("authSecret"),
    env: { ...TEST_FILE_LIMITS, SNAP_DATA_DIR: dataDir, JOB_WORKER: "app", ...env },
  });
  const db = new pg.Pool({ connectionString: scratch.url, max: 2 });
  // Dropping the scratch database ends any backend a closing client still holds: expected, not a failure.
  db.on("error", () => {});
  return {
    baseUrl: server.baseUrl,
    db,
    dataDir,
    async stop() {
      await server.stop();
      await db.end();
      await scratch.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface FileTestUser {
  id: string;
  cookie: string;
  key: string;
  workspaceId: string;
}

let passwordHash: Promise<string> | undefined;

/** A user with a personal workspace (or a member of `workspaceId`), signed in, with a full key. */
export async function fileTestUser(server: FileServer, label: string, workspaceId?: string): Promise<FileTestUser> {
  passwordHash ??= bcrypt.hash(TEST_PASSWORD, 4);
  const [id, email] = [newId(), uniqueEmail(label)];
  const workspace = workspaceId ?? newId();
  await server.db.query(`INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES ($1, $2, $3, $4, now())`, [
    id,
    email,
    label,
    await passwordHash,
  ]);
  if (!workspaceId) await server.db.query(`INSERT INTO "Workspace" (id, name) VALUES ($1, $2)`, [workspace, `${label}'s workspace`]);
  await server.db.query(`INSERT INTO "Membership" ("userId", "workspaceId", role, personal) VALUES ($1, $2, $3, $4)`, [
    id,
    workspace,
    workspaceId ? "member" : "admin",
    !workspaceId,
  ]);
  const cookie = await signIn(email, TEST_PASSWORD, server.baseUrl);
  if (!cookie) throw new Error("sign-in failed");
  const created = await api("POST", "/api/keys", { cookie, body: { name: "full" }, baseUrl: server.baseUrl });
  return { id, cookie, key: created.body.apiKey.key, workspaceId: workspace };
}
