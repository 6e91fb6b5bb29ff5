import { beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "./raw-http";
import { api } from "./helpers";
import { createTeam, ownedRowCounts, sql, type Team } from "./fixtures";
import { expectError, insertSnap, newId } from "./card-fixtures";
import { openEventStream } from "./live-helpers";

/** Read-only API keys: GET and the event stream only; every write is 403, and nothing changes. */

let team: Team;
let readKey: string;
let readKeyId: string;

beforeAll(async () => {
  team = await createTeam();
  const created = await api("POST", "/api/keys", { cookie: team.owner.cookie, body: { name: "agent (read)", access: "read" } });
  expect(created.status).toBe(201);
  expect(created.body.apiKey).toMatchObject({ name: "agent (read)", access: "read" });
  readKey = created.body.apiKey.key;
  readKeyId = created.body.apiKey.id;
});

function mcp(key: string, body: unknown) {
  return rawRequest(
    "POST",
    "/api/mcp",
    { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    JSON.stringify(body),
  );
}

describe("read-only API keys", () => {
  it("keys are full by default and the list shows each key's access", async () => {
    const full = await api("POST", "/api/keys", { cookie: team.owner.cookie, body: { name: "default access" } });
    expect(full.body.apiKey.access).toBe("full");
    const listed = await api("GET", "/api/keys", { cookie: team.owner.cookie });
    const byId = new Map(listed.body.apiKeys.map((key: { id: string; access: string }) => [key.id, key.access]));
    expect(byId.get(readKeyId)).toBe("read");
    expect(byId.get(full.body.apiKey.id)).toBe("full");
  });

  it("an unknown access level is a 400 naming the field, and no key is made", async () => {
    const before = await ownedRowCounts([team.owner.id]);
    const response = await api("POST", "/api/keys", { cookie: team.owner.cookie, body: { name: "x", access: "write" } });
    expectError(response, 400, "BAD_REQUEST", ["access"]);
    expect(await ownedRowCounts([team.owner.id])).toEqual(before);
  });

  it("a key row made before access levels existed (no value given) is full", async () => {
    const id = newId();
    await sql().query(`INSERT INTO "ApiKey" (id, "userId", name, prefix, "keyHash") VALUES ($1, $2, 'old', 'service_sk_oldkey000', 'x')`, [id, team.owner.id]);
    const { rows } = await sql().query(`SELECT access::text FROM "ApiKey" WHERE id = $1`, [id]);
    expect(rows[0].access).toBe("full");
  });

  it("reads work: the listings, a snap, the workspace", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    for (const path of ["/api/snaps", `/api/snaps/${snap.id}`, "/api/v1/workspace/snaps", "/api/workspace/members", "/api/folders"]) {
      const response = await api("GET", path, { key: readKey });
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
  });

  it("the event stream opens", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const stream = await openEventStream(snap.id, { key: readKey });
    try {
      expect(stream.status).toBe(200);
      await stream.next("ready");
    } finally {
      stream.close();
    }
  });

  it("every kind of write is 403 'This API key is read-only', and nothing is written", async () => {
    const snap = await insertSnap(team.owner, { cards: 2 });
    const [card] = snap.cardIds;
    const before = await ownedRowCounts([team.owner.id]);
    const writes: [string, string, unknown?][] = [
      ["POST", "/api/snaps", { title: "nope" }],
      ["PATCH", `/api/snaps/${snap.id}`, { title: "nope" }],
      ["DELETE", `/api/snaps/${snap.id}`],
      ["PATCH", `/api/snaps/cards/${card}`, { title: "nope" }],
      ["POST", `/api/snaps/cards/${snap.id}`, { row: 5, col: 5 }],
      ["PATCH", "/api/snaps/cards/batch", { updates: [{ id: card, title: "nope" }] }],
      ["POST", "/api/folders", { name: "nope" }],
      ["POST", "/api/workspace/members", { email: "nobody@example.test" }],
      ["POST", "/api/keys", { name: "nope" }],
      ["DELETE", `/api/keys/${readKeyId}`],
      ["PUT", `/api/snaps/${snap.id}/presence`, { connectionId: "c_read", editingCardId: null }],
    ];
    for (const [method, path, body] of writes) {
      const response = await api(method, path, { key: readKey, body });
      expect({ method, path, status: response.status, message: response.body?.error?.message }).toEqual({
        method,
        path,
        status: 403,
        message: "This API key is read-only",
      });
    }
    expect(await ownedRowCounts([team.owner.id])).toEqual(before);
    const { rows } = await sql().query(`SELECT title FROM "Snap" WHERE id = $1`, [snap.id]);
    expect(rows[0].title).toBe("Untitled Snap");
  });

  it("the audit log is refused to a read key even for an admin", async () => {
    const created = await api("POST", "/api/keys", { cookie: team.admin.cookie, body: { name: "admin read", access: "read" } });
    const response = await api("GET", "/api/workspace/audit-log", { key: created.body.apiKey.key });
    expectError(response, 403, "FORBIDDEN");
    const full = await api("GET", "/api/workspace/audit-log", { key: team.admin.key });
    expect(full.status).toBe(200);
  });

  it("over MCP a read key lists only the read tools and cannot run a write tool", async () => {
    const listed = JSON.parse((await mcp(readKey, { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} })).text);
    const names: string[] = listed.result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["get_snap", "list_snaps"]));
    for (const write of ["create_snap", "update_snap", "delete_snap", "create_cards", "update_cards", "delete_card"]) expect(names).not.toContain(write);
    for (const tool of listed.result.tools) expect(tool.annotations.readOnlyHint).toBe(true);

    const fullList = JSON.parse((await mcp(team.owner.key, { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} })).text);
    expect(fullList.result.tools.length).toBeGreaterThan(names.length);

    const before = await ownedRowCounts([team.owner.id]);
    const call = await mcp(readKey, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "create_snap", arguments: { title: "nope" } } });
    const result = JSON.parse(call.text).result;
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0].text).error).toEqual({ code: "FORBIDDEN", message: "This API key is read-only" });
    expect(await ownedRowCounts([team.owner.id])).toEqual(before);

    const snap = await insertSnap(team.owner, { cards: 1 });
    const read = await mcp(readKey, { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "get_snap", arguments: { id: snap.id } } });
    expect(JSON.parse(read.text).result.structuredContent.snap.id).toBe(snap.id);
  });
});
