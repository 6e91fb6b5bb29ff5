import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, createKey } from "./helpers";
import { createTeam, type Team } from "./fixtures";
import { CARD_KEYS, insertSnap } from "./card-fixtures";

/** The SDK's own client over real HTTP, as an agent would connect. */
async function connect(key?: string): Promise<Client> {
  const client = new Client({ name: "snap-board-tests", version: "1.0.0" });
  const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { requestInit: { headers } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A tool error's text is the API's error body. */
function errorOf(result: CallToolResult) {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const [content] = result.content;
  expect(content?.type).toBe("text");
  return JSON.parse((content as { text: string }).text).error as { code: string; message: string; details?: { path: string }[] };
}

let team: Team;
let client: Client;
beforeAll(async () => {
  team = await createTeam();
  client = await connect(team.owner.key);
});
afterAll(async () => {
  await client?.close();
});

describe("MCP server at /api/mcp", () => {
  it("lists the tools, with input schemas made from the API's zod schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        ...["create_cards", "create_snap", "delete_card", "delete_snap", "get_snap", "list_snaps", "update_cards", "update_snap"],
        ...["get_snap_history", "get_snap_version", "restore_snap_version"],
        "list_events",
        "search",
        ...["export_snap", "import_snap", "duplicate_snap", "list_templates", "create_snap_from_template"],
        ...["list_comments", "add_comment", "resolve_comment", "list_notifications"],
        ...["apply_changes", "write_range", "read_range"],
        ...["upload_file", "attach_file_from_url", "list_snap_files", "delete_file"],
        ...["list_snap_members", "list_shared_with_me"],
      ].sort(),
    );
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const listSnaps = byName.get("list_snaps")!.inputSchema as any;
    expect(listSnaps.properties.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 50 });
    expect(listSnaps.properties.sortBy.enum).toEqual(["createdAt", "updatedAt", "title"]);
    expect(listSnaps.properties.isPublic).toEqual({ type: "boolean" });
    const createCards = byName.get("create_cards")!.inputSchema as any;
    expect(createCards.properties.cards).toMatchObject({ type: "array", minItems: 1, maxItems: 100 });
    expect(createCards.properties.cards.items.properties.borderRadius).toMatchObject({ minimum: 0, maximum: 24 });
    expect(createCards.properties.cards.items.required).toEqual(expect.arrayContaining(["snapId", "row", "col"]));
    const updateSnap = byName.get("update_snap")!.inputSchema as any;
    expect(updateSnap.required).toEqual(["id"]);
    expect(updateSnap.additionalProperties).toBe(false);
    expect(byName.get("get_snap")!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get("delete_snap")!.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get("get_snap")!.outputSchema).toMatchObject({ type: "object", required: ["snap"] });
  });

  it("creates a snap, fills it with a batch, adds to-dos and reads it back", async () => {
    const created = await call(client, "create_snap", { title: "Agent board", rows: 2, cols: 2 });
    expect(created.isError).toBeFalsy();
    const snap = (created.structuredContent as any).snap;
    expect(snap).toMatchObject({ title: "Agent board", userId: team.owner.id, lines: [] });
    expect(snap.cards).toHaveLength(4);
    // The text is the same JSON, marked as users' content for the model (lib/mcp/user-content.ts).
    const [notice, open, json, close] = (created.content[0] as { text: string }).text.split("\n");
    expect([notice!.startsWith("Between <user-content> and </user-content> is JSON written by this service's users"), open, close]).toEqual([
      true,
      "<user-content>",
      "</user-content>",
    ]);
    expect(JSON.parse(json!)).toEqual(created.structuredContent);

    const ids: string[] = snap.cards.map((card: { id: string }) => card.id);
    const filled = await call(client, "update_cards", {
      updates: ids.map((id, index) => ({ id, title: `cell ${index}`, color: index % 2 ? "#fde68a" : "" })),
    });
    expect(filled.isError).toBeFalsy();
    expect((filled.structuredContent as any).cards.map((card: { title: string }) => card.title)).toEqual(["cell 0", "cell 1", "cell 2", "cell 3"]);

    const todos = await call(client, "create_cards", {
      cards: [{ snapId: snap.id, row: 2, col: 0, title: "Write tests", cellType: "todo", completed: false }],
    });
    expect(todos.isError).toBeFalsy();
    const [todo] = (todos.structuredContent as any).cards;
    expect(Object.keys(todo).sort()).toEqual(CARD_KEYS);
    expect(todo).toMatchObject({ snapId: snap.id, row: 2, col: 0, cellType: "todo", completed: false });

    const read = await call(client, "get_snap", { id: snap.id });
    const readBack = (read.structuredContent as any).snap;
    expect(readBack.cards.map((card: { title: string }) => card.title)).toEqual(["cell 0", "cell 1", "cell 2", "cell 3", "Write tests"]);
    // The same representation as the REST API.
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).body).toEqual({ snap: readBack });

    const listed = await call(client, "list_snaps", { search: "agent board", limit: 5 });
    const summary = (listed.structuredContent as any).snaps.find((entry: { id: string }) => entry.id === snap.id);
    expect(summary).toMatchObject({ title: "Agent board", cellCount: 5 });
    expect((listed.structuredContent as any).pagination).toMatchObject({ limit: 5, offset: 0 });

    const renamed = await call(client, "update_snap", { id: snap.id, title: "Agent board v2" });
    expect((renamed.structuredContent as any).snap.title).toBe("Agent board v2");
    expect((await call(client, "delete_card", { id: todo.id })).structuredContent).toEqual({ success: true });
    expect((await call(client, "delete_snap", { id: snap.id })).structuredContent).toEqual({ success: true });
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).status).toBe(404);
  });

  it("lists events with list_events, the same as GET /api/events, writes made over MCP marked as an agent's", async () => {
    const created = await call(client, "create_snap", { title: "Agent feed", rows: 1, cols: 1 });
    const snapId = (created.structuredContent as any).snap.id;
    let result: CallToolResult | undefined;
    await expect
      .poll(
        async () => {
          result = await call(client, "list_events", { snapId, types: ["snap.created"] });
          return (result.structuredContent as any).events.length;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    const [event] = (result!.structuredContent as any).events;
    expect(event).toMatchObject({ type: "snap.created", snapId, actor: { type: "mcp", userId: team.owner.id, apiKeyId: expect.any(String) } });
    const rest = await api("GET", `/api/events?snapId=${snapId}&types=snap.created`, { key: team.owner.key });
    expect(rest.body).toEqual(result!.structuredContent);
    expect(errorOf(await call(client, "list_events", { types: ["cards.moved"] }))).toMatchObject({ code: "BAD_REQUEST", details: [{ path: "types.0" }] });
  });

  it("answers failures as tool errors carrying the API's code, message and details", async () => {
    const invalid = errorOf(await call(client, "create_snap", { rows: 0, colour: "red" }));
    expect(invalid.code).toBe("BAD_REQUEST");
    expect(invalid.details?.map((detail) => detail.path)).toEqual(expect.arrayContaining(["rows", "(arguments)"]));

    const outsiders = await insertSnap(team.outsider, { cards: 1 });
    const forbidden = errorOf(await call(client, "get_snap", { id: outsiders.id }));
    expect(forbidden).toMatchObject({ code: "FORBIDDEN", message: "You may not see this snap" });
    const forbiddenBatch = errorOf(await call(client, "update_cards", { updates: [{ id: outsiders.cardIds[0], title: "x" }] }));
    expect(forbiddenBatch.code).toBe("FORBIDDEN");
    expect(forbiddenBatch.details?.[0]?.path).toBe("updates.0.id");

    expect(errorOf(await call(client, "delete_snap", { id: "no-such-snap" })).code).toBe("NOT_FOUND");
    expect(errorOf(await call(client, "no_such_tool", {})).code).toBe("NOT_FOUND");
  });

  it("acts with the key's user's permissions", async () => {
    const shared = await insertSnap(team.owner, { sharedWithWorkspace: true, shareMode: "view", cards: 1 });
    const member = await connect(team.member.key);
    try {
      expect((await call(member, "get_snap", { id: shared.id })).isError).toBeFalsy();
      expect(errorOf(await call(member, "update_cards", { updates: [{ id: shared.cardIds[0], title: "x" }] })).code).toBe("FORBIDDEN");
      expect(errorOf(await call(member, "delete_snap", { id: shared.id })).code).toBe("FORBIDDEN");
    } finally {
      await member.close();
    }
  });

  it("refuses requests without a valid API key (401 with the error body), and session cookies", async () => {
    await expect(connect()).rejects.toMatchObject({ code: 401, message: expect.stringContaining('"code":"UNAUTHORIZED"') });
    await expect(connect("service_sk_" + "x".repeat(48))).rejects.toMatchObject({ code: 401, message: expect.stringContaining("revoked API key") });

    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
    };
    const headers = { accept: "application/json, text/event-stream" };
    const anonymous = await api("POST", "/api/mcp", { body: initialize, headers });
    expect(anonymous).toMatchObject({ status: 401, body: { error: { code: "UNAUTHORIZED", message: expect.any(String) } } });
    const withCookie = await api("POST", "/api/mcp", { body: initialize, headers, cookie: team.owner.cookie });
    expect(withCookie).toMatchObject({ status: 401, body: { error: { code: "UNAUTHORIZED" } } });

    const withKey = await api("POST", "/api/mcp", { body: initialize, headers, key: team.owner.key });
    expect(withKey.status).toBe(200);
    expect(withKey.body).toMatchObject({ jsonrpc: "2.0", id: 1, result: { serverInfo: { name: "snap-board" }, capabilities: { tools: {} } } });

    const get = await api("GET", "/api/mcp", { key: team.owner.key });
    expect(get).toMatchObject({ status: 405, body: { error: { code: "METHOD_NOT_ALLOWED" } } });
  });

  it("stops serving a revoked key on its very next request", async () => {
    const key = await createKey(team.admin, "agent to revoke");
    const agent = await connect(key);
    try {
      expect((await call(agent, "list_snaps", {})).isError).toBeFalsy();
      const keys = await api("GET", "/api/keys", { cookie: team.admin.cookie });
      const id = keys.body.apiKeys.find((entry: { name: string }) => entry.name === "agent to revoke").id;
      expect((await api("DELETE", `/api/keys/${id}`, { cookie: team.admin.cookie })).status).toBe(200);

      await expect(call(agent, "list_snaps", {})).rejects.toMatchObject({ code: 401, message: expect.stringContaining('"code":"UNAUTHORIZED"') });
      await expect(connect(key)).rejects.toMatchObject({ code: 401 });
    } finally {
      await agent.close();
    }
  });

  it("comments with add_comment, lists and resolves them, and reads the inbox, with the operations' schemas", async () => {
    const { tools } = await client.listTools();
    const addComment = tools.find((tool) => tool.name === "add_comment")!.inputSchema as any;
    expect(Object.keys(addComment.properties).sort()).toEqual(["body", "cardId", "id", "parentId"]);
    expect(addComment.properties.body).toMatchObject({ type: "string", maxLength: 10_000 });
    expect(addComment.required.sort()).toEqual(["body", "id"]);
    const snap = await insertSnap(team.owner, { cards: 1, sharedWithWorkspace: true });
    const added = await call(client, "add_comment", { id: snap.id, body: `<@${team.member.id}> have a look`, cardId: snap.cardIds[0] });
    expect(added.isError).toBeFalsy();
    const comment = (added.structuredContent as any).comment;
    expect(comment).toMatchObject({ cardId: snap.cardIds[0], actor: { type: "mcp", userId: team.owner.id }, mentions: [{ userId: team.member.id }] });
    const listed = (await call(client, "list_comments", { id: snap.id, cardId: snap.cardIds[0] })).structuredContent as any;
    expect(listed.comments.map((c: { id: string }) => c.id)).toEqual([comment.id]);
    const resolved = (await call(client, "resolve_comment", { id: comment.id, resolved: true })).structuredContent as any;
    expect(resolved.comment.resolvedBy).toMatchObject({ id: team.owner.id });
    expect(errorOf(await call(client, "add_comment", { id: snap.id, body: `<@${team.outsider.id}>` }))).toMatchObject({ code: "BAD_REQUEST" });

    const member = await connect(team.member.key);
    try {
      const inbox = (await call(member, "list_notifications", { unreadOnly: true })).structuredContent as any;
      expect(inbox.notifications[0]).toMatchObject({ type: "mention", comment: { id: comment.id }, actor: { type: "mcp", userId: team.owner.id } });
      expect(errorOf(await call(member, "list_notifications", { limit: 0 }))).toMatchObject({ code: "BAD_REQUEST", details: [{ path: "limit" }] });
    } finally {
      await member.close();
    }
  });
});
