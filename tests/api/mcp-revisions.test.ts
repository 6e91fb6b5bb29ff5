import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceUpdatedNotificationSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, documentedFetch } from "./helpers";
import { createTeam, type Team } from "./fixtures";
import { insertSnap } from "./card-fixtures";
import { obtainTokens } from "./oauth-helpers";
import { mcp2026Request } from "./mcp-2026-request";

const endpoint = new URL(`${baseUrl}/api/mcp`);
const PNG_SIGNATURE = "iVBORw0KGgo";

let team: Team;
let readKey: string;
let oauthToken: string;
let readOnlyOauthToken: string;
beforeAll(async () => {
  team = await createTeam();
  readKey = (await api("POST", "/api/keys", { cookie: team.owner.cookie, body: { name: "read agent", access: "read" } })).body.apiKey.key;
  const resource = `${baseUrl}/api/mcp`;
  oauthToken = (await obtainTokens(team.owner, { scope: "read write", resource })).tokens.access_token;
  readOnlyOauthToken = (await obtainTokens(team.owner, { scope: "read", resource })).tokens.access_token;
});

async function modern(token: string, capabilities: Record<string, unknown> = {}) {
  const client = new ModernClient({ name: "snap-board-tests", version: "2.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities });
  await client.connect(new ModernTransport(endpoint, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

async function legacy(token: string) {
  const client = new LegacyClient({ name: "snap-board-tests", version: "1.0.0" }, { capabilities: {} });
  await client.connect(new LegacyTransport(endpoint, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

const modernRaw = (token: string, method: string, params: Record<string, unknown>, capabilities: Record<string, unknown> = {}) =>
  mcp2026Request(endpoint, token, method, params, capabilities);

const snapOf = (result: unknown) => (result as CallToolResult).structuredContent!.snap as { id: string; title: string; cards: { id: string }[] };

/** Every tool once with no arguments: an answer or the API's error body, never a failure of the server. */
async function callEveryTool(client: { callTool: (params: { name: string; arguments: Record<string, unknown> }) => Promise<unknown> }, names: string[]) {
  for (const name of names) {
    const result = (await client.callTool({ name, arguments: {} })) as CallToolResult;
    if (!result.isError) continue;
    const body = JSON.parse((result.content[0] as { text: string }).text);
    expect(["BAD_REQUEST", "NOT_FOUND"], `${name}: ${JSON.stringify(body)}`).toContain(body.error.code);
  }
}

describe("MCP at 2026-07-28 (the SDK's v2 client)", () => {
  it("discovers the server, lists and calls the tools with an API key and with an OAuth token, and reads boards as JSON and PNG", async () => {
    for (const token of [team.owner.key, oauthToken]) {
      const client = await modern(token);
      try {
        expect(client.getProtocolEra()).toBe("modern");
        expect(client.getServerVersion()).toMatchObject({ name: "snap-board", icons: [expect.objectContaining({ mimeType: "image/svg+xml" })] });
        const { tools } = await client.listTools();
        const names = tools.map((tool) => tool.name);
        expect(names).toEqual([...names].sort());
        for (const tool of tools) {
          expect(tool.title).toEqual(expect.any(String));
          expect(tool.icons?.[0]?.src).toMatch(/^data:image\/svg\+xml;base64,/);
          expect(Object.keys(tool.annotations ?? {}).sort()).toEqual(["destructiveHint", "idempotentHint", "openWorldHint", "readOnlyHint", "title"]);
          expect(tool.outputSchema).toMatchObject({ type: "object" });
        }
        const byName = new Map(tools.map((tool) => [tool.name, tool]));
        expect(byName.get("get_snap")!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
        expect(byName.get("delete_snap")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
        expect(byName.get("create_snap")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
        await callEveryTool(client, names);

        const created = (await client.callTool({ name: "create_snap", arguments: { title: "Modern board", rows: 2, cols: 2 } })) as CallToolResult;
        const snap = snapOf(created);
        const uri = `snap-board://snaps/${snap.id}`;
        expect(created.content).toContainEqual(expect.objectContaining({ type: "resource_link", uri, title: "Modern board" }));

        const json = await client.readResource({ uri });
        expect(JSON.parse((json.contents[0] as { text: string }).text)).toMatchObject({ snap: { title: "Modern board" } });
        const png = await client.readResource({ uri: `${uri}/picture.png` });
        expect(png.contents[0]).toMatchObject({ mimeType: "image/png", blob: expect.stringMatching(new RegExp(`^${PNG_SIGNATURE}`)) });
        const card = await client.readResource({ uri: `${uri}/cards/${snap.cards[0]!.id}` });
        expect(JSON.parse((card.contents[0] as { text: string }).text)).toMatchObject({ id: snap.cards[0]!.id });
        const { resourceTemplates } = await client.listResourceTemplates();
        expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
          "snap-board://snaps/{snapId}",
          "snap-board://snaps/{snapId}/picture.png",
          "snap-board://snaps/{snapId}/cards/{cardId}",
        ]);

        const { prompts } = await client.listPrompts();
        expect(prompts.map((prompt) => prompt.name)).toEqual(["summarize_board", "table_to_board"]);
        const completion = await client.complete({ ref: { type: "ref/prompt", name: "summarize_board" }, argument: { name: "snapId", value: "Modern" } });
        expect(completion.completion.values).toContain(snap.id);
        const prompt = await client.getPrompt({ name: "summarize_board", arguments: { snapId: snap.id } });
        // The board goes to the model marked as users' content (lib/mcp/user-content.ts).
        expect(prompt.messages[0]!.content).toMatchObject({
          type: "text",
          text: expect.stringMatching(/<user-content>\n\{[^]*"Modern board"[^]*\n<\/user-content>$/),
        });
      } finally {
        await client.close();
      }
    }
  });

  it("lists boards with pagination and cache hints on the wire", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const listed = await modernRaw(team.owner.key, "resources/list", {});
    expect(listed.status).toBe(200);
    expect(listed.body.result).toMatchObject({ resultType: "complete", ttlMs: 30_000, cacheScope: "private" });
    expect(listed.body.result.resources).toContainEqual(expect.objectContaining({ uri: `snap-board://snaps/${snap.id}`, mimeType: "application/json" }));
    const read = await modernRaw(team.owner.key, "resources/read", { uri: `snap-board://snaps/${snap.id}` });
    expect(read.body.result).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    const foreign = await insertSnap(team.outsider, { cards: 1 });
    const refused = await modernRaw(team.owner.key, "resources/read", { uri: `snap-board://snaps/${foreign.id}` });
    expect(refused.body.error).toMatchObject({ code: -32602, data: { error: { code: "FORBIDDEN" } } });

    // A board of another workspace the owner was invited to, as a board member, is listed and readable too.
    const invited = await api("POST", `/api/snaps/${foreign.id}/members`, { key: team.outsider.key, body: { email: team.owner.email, role: "viewer" } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(202);
    expect((await api("POST", `/api/invitations/${invited.body.invitation.id}/accept`, { key: team.owner.key })).status).toBe(200);
    const withShared = await modernRaw(team.owner.key, "resources/list", {});
    expect(withShared.body.result.resources).toContainEqual(
      expect.objectContaining({ uri: `snap-board://snaps/${foreign.id}`, description: expect.stringContaining("shared with you (viewer)") }),
    );
    expect((await modernRaw(team.owner.key, "resources/read", { uri: `snap-board://snaps/${foreign.id}` })).body.result.contents).toHaveLength(1);
  });

  it("tells a listening client when someone else changes a board it watches", async () => {
    const snap = await insertSnap(team.owner, { cards: 1, sharedWithWorkspace: true, shareMode: "edit" });
    const uri = `snap-board://snaps/${snap.id}`;
    const client = await modern(oauthToken);
    try {
      const updated = new Promise<string>((resolve) =>
        client.setNotificationHandler("notifications/resources/updated", (notification) => resolve(notification.params.uri)),
      );
      const subscription = await client.listen({ resourceSubscriptions: [uri] });
      expect(subscription.honoredFilter.resourceSubscriptions).toEqual([uri]);
      const write = await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.member.key, body: { title: "changed by a colleague" } });
      expect(write.status).toBe(200);
      expect(await updated).toBe(uri);
      await subscription.close();
    } finally {
      await client.close();
    }
  });

  it("runs a long job as a task for a client that declares tasks, inline for one that does not", async () => {
    const snap = await insertSnap(team.owner, { cards: 4 });
    const tasks = { extensions: { "io.modelcontextprotocol/tasks": {} } };
    const started = await modernRaw(team.owner.key, "tools/call", { name: "export_snap", arguments: { id: snap.id, format: "png" } }, tasks);
    expect(started.body.result).toMatchObject({ resultType: "task", status: "working", ttlMs: 3_600_000, pollIntervalMs: expect.any(Number) });
    const { taskId } = started.body.result;
    let task: any;
    // Until the PNG render is done: a second (the poll's default) is too short on a busy 2-core machine.
    await expect
      .poll(
        async () => {
          task = (await modernRaw(team.owner.key, "tasks/get", { taskId }, tasks)).body.result;
          return task.status;
        },
        { timeout: 30_000 },
      )
      .toBe("completed");
    expect(task.result.structuredContent).toMatchObject({ mediaType: "image/png", data: expect.stringMatching(new RegExp(`^${PNG_SIGNATURE}`)) });
    expect(task.result.content).toContainEqual(expect.objectContaining({ type: "image", mimeType: "image/png" }));
    // Another credential of the same person does not read it.
    expect((await modernRaw(oauthToken, "tasks/get", { taskId }, tasks)).body.error).toMatchObject({ code: -32602 });

    const inline = await modernRaw(team.owner.key, "tools/call", { name: "export_snap", arguments: { id: snap.id, format: "csv" } });
    expect(inline.body.result).toMatchObject({ resultType: "complete", structuredContent: { mediaType: "text/csv" } });
  });

  it("asks the person before deleting a board with content, and refuses writes with a read scope or a read key", async () => {
    const answers: boolean[] = [];
    const client = await modern(team.owner.key, { elicitation: { form: {} } });
    try {
      client.setRequestHandler("elicitation/create", (request) => {
        expect(request.params.message).toContain("1 filled card");
        return { action: "accept", content: { confirm: answers.shift() ?? false } };
      });
      const snap = await insertSnap(team.owner, { cards: 1 });
      await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.owner.key, body: { title: "keep me?" } });
      answers.push(false);
      const declined = (await client.callTool({ name: "delete_snap", arguments: { id: snap.id } })) as CallToolResult;
      expect(JSON.parse((declined.content[0] as { text: string }).text).error.code).toBe("PRECONDITION_FAILED");
      expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).status).toBe(200);
      answers.push(true);
      expect(((await client.callTool({ name: "delete_snap", arguments: { id: snap.id } })) as CallToolResult).structuredContent).toEqual({ success: true });
      expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).status).toBe(404);
    } finally {
      await client.close();
    }
    for (const token of [readOnlyOauthToken, readKey]) {
      const reader = await modern(token);
      try {
        const { tools } = await reader.listTools();
        expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
        const refused = (await reader.callTool({ name: "create_snap", arguments: { title: "nope", rows: 1, cols: 1 } })) as CallToolResult;
        expect(refused.isError).toBe(true);
        expect(JSON.parse((refused.content[0] as { text: string }).text).error.code).toBe("FORBIDDEN");
      } finally {
        await reader.close();
      }
    }
  });
});

describe("MCP at 2025-11-25 (the SDK's v1 client)", () => {
  it("initializes, lists and calls the tools, reads boards and hears of a colleague's change, with a key and with OAuth", async () => {
    for (const token of [team.owner.key, oauthToken]) {
      const client = await legacy(token);
      try {
        expect(client.getServerVersion()).toMatchObject({ name: "snap-board" });
        const { tools } = await client.listTools();
        expect(tools.find((tool) => tool.name === "export_snap")).toMatchObject({ execution: { taskSupport: "optional" } });
        await callEveryTool(
          client,
          tools.map((tool) => tool.name),
        );
        const snap = snapOf(await client.callTool({ name: "create_snap", arguments: { title: "Legacy board", rows: 1, cols: 2 } }));
        await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { sharedWithWorkspace: true, shareMode: "edit" } });
        const uri = `snap-board://snaps/${snap.id}`;
        const json = await client.readResource({ uri });
        expect(JSON.parse((json.contents[0] as { text: string }).text)).toMatchObject({ snap: { title: "Legacy board" } });
        expect((await client.readResource({ uri: `${uri}/picture.png` })).contents[0]).toMatchObject({ mimeType: "image/png" });

        let told: string | undefined;
        client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
          told = notification.params.uri;
        });
        await client.subscribeResource({ uri });
        // The client opens its GET stream on its own after initialize: a colleague writes until it hears.
        await expect
          .poll(async () => {
            await api("PATCH", `/api/snaps/cards/${snap.cards[1]!.id}`, { key: team.member.key, body: { title: "by a colleague" } });
            return told;
          })
          .toBe(uri);

        // The session (subscriptions only): its stream answers on any request, DELETE ends it.
        const sessionId = (client.transport as LegacyTransport).sessionId!;
        const headers = { Authorization: `Bearer ${token}`, "Mcp-Session-Id": sessionId, Accept: "text/event-stream" };
        const stream = await documentedFetch(endpoint.href, { headers });
        expect([stream.status, stream.headers.get("content-type")]).toEqual([200, "text/event-stream"]);
        await stream.body?.cancel();
        expect((await documentedFetch(endpoint.href, { method: "DELETE", headers })).status).toBe(204);
        expect((await documentedFetch(endpoint.href, { headers })).status).toBe(404);
      } finally {
        await client.close();
      }
    }
  });

  it("runs a long job as a task (tasks/get, tasks/result) and refuses writes with a read key", async () => {
    const snap = await insertSnap(team.owner, { cards: 2 });
    const client = await legacy(team.owner.key);
    try {
      const messages: string[] = [];
      let result: CallToolResult | undefined;
      for await (const message of client.experimental.tasks.callToolStream({ name: "export_snap", arguments: { id: snap.id, format: "png" } }, undefined, {
        task: {},
      })) {
        messages.push(message.type);
        if (message.type === "result") result = message.result as CallToolResult;
      }
      expect(messages[0]).toBe("taskCreated");
      expect(messages.at(-1)).toBe("result");
      expect(result!.structuredContent).toMatchObject({ mediaType: "image/png" });
    } finally {
      await client.close();
    }
    const reader = await legacy(readKey);
    try {
      const refused = (await reader.callTool({ name: "update_snap", arguments: { id: snap.id, title: "nope" } })) as CallToolResult;
      expect(JSON.parse((refused.content[0] as { text: string }).text).error.code).toBe("FORBIDDEN");
    } finally {
      await reader.close();
    }
  });
});
