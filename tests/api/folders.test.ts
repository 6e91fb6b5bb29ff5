import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { createTeam, sql, type Team, type TeamMember } from "./fixtures";
import { callerOf, expectError, newId } from "./card-fixtures";
import { MAX_FOLDERS_PER_WORKSPACE } from "../../lib/folders/folder-limits";

const FOLDER_KEYS = ["id", "name", "userId", "createdAt", "updatedAt"].sort();
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

async function createFolder(member: TeamMember, name: string) {
  const response = await api("POST", "/api/folders", { key: member.key, body: { name } });
  expect(response.status).toBe(201);
  return response.body.folder as { id: string; name: string; userId: string; createdAt: string; updatedAt: string };
}

async function folderRow(id: string) {
  const { rows } = await sql().query(`SELECT name, "workspaceId", "userId" FROM "Folder" WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

describe("POST /api/folders", () => {
  it(`holds at most ${MAX_FOLDERS_PER_WORKSPACE} folders per workspace: one more is 409 naming the limit`, async () => {
    const other = await createTeam();
    await sql().query(
      `INSERT INTO "Folder" (id, "workspaceId", "userId", name, "updatedAt")
       SELECT 'fold-cap-' || n || '-' || $1, $1, $2, 'Folder ' || n, now() FROM generate_series(1, $3::int - 1) AS n`,
      [other.workspaceId, other.admin.id, MAX_FOLDERS_PER_WORKSPACE],
    );
    await createFolder(other.member, "The last one");
    const refused = await api("POST", "/api/folders", { key: other.member.key, body: { name: "One too many" } });
    expectError(refused, 409, "CONFLICT");
    expect(refused.body.error.message).toContain(`${MAX_FOLDERS_PER_WORKSPACE} folders`);
    expect((await api("GET", "/api/folders", { key: other.admin.key })).body.folders).toHaveLength(MAX_FOLDERS_PER_WORKSPACE);
    await sql().query(`DELETE FROM "Folder" WHERE "workspaceId" = $1`, [other.workspaceId]);
  });

  it("creates a folder in the caller's workspace: 201 {folder}, the name trimmed", async () => {
    const response = await api("POST", "/api/folders", { key: team.member.key, body: { name: "  Plans  " } });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(["folder"]);
    const folder = response.body.folder;
    expect(Object.keys(folder).sort()).toEqual(FOLDER_KEYS);
    expect(folder).toEqual({ id: expect.any(String), name: "Plans", userId: team.member.id, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(folder.createdAt).toMatch(ISO_MS);
    expect(await folderRow(folder.id)).toEqual({ name: "Plans", workspaceId: team.workspaceId, userId: team.member.id });
  });

  it("any member may create one, with a key or the session cookie; 100 characters is the longest name", async () => {
    const response = await api("POST", "/api/folders", { cookie: team.owner.cookie, body: { name: "n".repeat(100) } });
    expect(response.status).toBe(201);
    expect(response.body.folder.name).toBe("n".repeat(100));
  });

  it.each([
    ["an empty name", { name: "" }, "name"],
    ["a blank name", { name: "   " }, "name"],
    ["a 101-character name", { name: "n".repeat(101) }, "name"],
    ["a numeric name", { name: 5 }, "name"],
    ["no name", {}, "name"],
    ["an unknown field", { name: "x", color: "#fff" }, "(body)"],
    ["an array body", [{ name: "x" }], "(body)"],
  ])("refuses %s: 400 naming the field", async (_label, body, path) => {
    const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "Folder" WHERE "workspaceId" = $1`, [team.workspaceId]);
    expectError(await api("POST", "/api/folders", { key: team.member.key, body }), 400, "BAD_REQUEST", [path]);
    const after = await sql().query(`SELECT count(*)::int AS n FROM "Folder" WHERE "workspaceId" = $1`, [team.workspaceId]);
    expect(after.rows[0].n).toBe(rows[0].n);
  });

  it("refuses malformed JSON (400) and a wrong content type (415); 401 without auth", async () => {
    expectError(
      await api("POST", "/api/folders", { key: team.member.key, rawBody: "{", headers: { "content-type": "application/json" } }),
      400,
      "BAD_REQUEST",
      ["(body)"],
    );
    expectError(
      await api("POST", "/api/folders", { key: team.member.key, rawBody: "name=x", headers: { "content-type": "text/plain" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectError(await api("POST", "/api/folders", { body: { name: "x" } }), 401, "UNAUTHORIZED");
  });
});

describe("GET /api/folders", () => {
  it("lists the caller's workspace's folders by name, and no other workspace's", async () => {
    const fresh = await createTeam();
    for (const [member, name] of [
      [fresh.member, "zeta"],
      [fresh.admin, "alpha"],
      [fresh.owner, "mid"],
    ] as const)
      await createFolder(member, name);
    await createFolder(fresh.outsider, "elsewhere");

    const response = await api("GET", "/api/folders", { key: fresh.owner.key });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(["folders"]);
    expect(response.body.folders.map((folder: { name: string }) => folder.name)).toEqual(["alpha", "mid", "zeta"]);
    response.body.folders.forEach((folder: object) => expect(Object.keys(folder).sort()).toEqual(FOLDER_KEYS));

    const outsider = await api("GET", "/api/folders", { cookie: fresh.outsider.cookie });
    expect(outsider.body.folders.map((folder: { name: string }) => folder.name)).toEqual(["elsewhere"]);
    expectError(await api("GET", "/api/folders"), 401, "UNAUTHORIZED");
  });
});

describe("PATCH /api/folders/:id and DELETE /api/folders/:id: who may", () => {
  // The folder is always created by team.member.
  const cases: [label: string, who: "none" | "outsider" | "owner" | "admin" | "member", status: number][] = [
    ["no auth", "none", 401],
    ["another workspace", "outsider", 403],
    ["another member of the workspace", "owner", 403],
    ["a workspace admin", "admin", 200],
    ["the folder's creator", "member", 200],
  ];

  describe.each(["key", "cookie"] as const)("with %s", (via) => {
    it.each(cases)("%s (%s): rename and delete answer %i", async (_label, who, status) => {
      const folder = await createFolder(team.member, "Original");
      const as = callerOf(who === "none" ? undefined : team[who], via);

      const renamed = await api("PATCH", `/api/folders/${folder.id}`, { ...as, body: { name: " Renamed " } });
      expect(renamed.status).toBe(status);
      if (status === 200) {
        expect(renamed.body).toEqual({ folder: { ...folder, name: "Renamed", updatedAt: expect.stringMatching(ISO_MS) } });
        expect(Date.parse(renamed.body.folder.updatedAt)).toBeGreaterThanOrEqual(Date.parse(folder.updatedAt));
      } else {
        expectError(renamed, status, status === 401 ? "UNAUTHORIZED" : "FORBIDDEN");
      }
      expect((await folderRow(folder.id))?.name).toBe(status === 200 ? "Renamed" : "Original");

      const deleted = await api("DELETE", `/api/folders/${folder.id}`, as);
      expect(deleted.status).toBe(status);
      if (status === 200) expect(deleted.body).toEqual({ success: true });
      expect(await folderRow(folder.id)).toEqual(status === 200 ? null : expect.objectContaining({ workspaceId: team.workspaceId }));
    });
  });

  it("404 for a folder that does not exist (and after deletion)", async () => {
    expectError(await api("PATCH", `/api/folders/${newId()}`, { key: team.admin.key, body: { name: "x" } }), 404, "NOT_FOUND");
    expectError(await api("DELETE", `/api/folders/${newId()}`, { key: team.admin.key }), 404, "NOT_FOUND");
    const folder = await createFolder(team.member, "Short-lived");
    expect((await api("DELETE", `/api/folders/${folder.id}`, { key: team.member.key })).status).toBe(200);
    expectError(await api("DELETE", `/api/folders/${folder.id}`, { key: team.member.key }), 404, "NOT_FOUND");
    expectError(await api("PATCH", `/api/folders/${folder.id}`, { key: team.member.key, body: { name: "x" } }), 404, "NOT_FOUND");
  });

  it.each([
    ["an empty name", { name: "" }, "name"],
    ["a 101-character name", { name: "n".repeat(101) }, "name"],
    ["a null name", { name: null }, "name"],
    ["no name", {}, "name"],
    ["an unknown field", { name: "x", workspaceId: "other" }, "(body)"],
    ["a string body", "x", "(body)"],
  ])("rename refuses %s: 400 naming the field", async (_label, body, path) => {
    const folder = await createFolder(team.member, "Kept");
    expectError(await api("PATCH", `/api/folders/${folder.id}`, { key: team.member.key, body }), 400, "BAD_REQUEST", [path]);
    expect((await folderRow(folder.id))?.name).toBe("Kept");
  });
});

describe("deleting a folder", () => {
  it("leaves its snaps unfiled, not deleted", async () => {
    const folder = await createFolder(team.owner, "Doomed");
    const created = await api("POST", "/api/snaps", { key: team.owner.key, body: { title: "Filed" } });
    const snapId = created.body.snap.id;
    const filed = await api("PATCH", `/api/snaps/${snapId}`, { key: team.owner.key, body: { folderId: folder.id } });
    expect(filed.body.snap.folder).toEqual({ id: folder.id, name: "Doomed" });

    expect((await api("DELETE", `/api/folders/${folder.id}`, { key: team.owner.key })).status).toBe(200);
    const after = await api("GET", `/api/snaps/${snapId}`, { key: team.owner.key });
    expect(after.status).toBe(200);
    expect(after.body.snap).toMatchObject({ id: snapId, title: "Filed", folderId: null, folder: null });
  });
});

describe("methods", () => {
  it.each([
    ["PUT", "/api/folders"],
    ["DELETE", "/api/folders"],
    ["GET", "/api/folders/x"],
    ["POST", "/api/folders/x"],
  ])("%s %s is 405", async (method, path) => {
    const body = method === "GET" ? undefined : {};
    expect((await api(method, path, { key: team.member.key, body })).status).toBe(405);
  });
});
