/**
 * MCP conversations whose requests go to the three instances in turn (docs/API.md, "MCP"): a
 * 2026-07-28 client (the SDK's v2 client) and a 2025-11-25 one (its v1 client) each discover or
 * initialize on one instance, list and call tools, run a task and poll it on the others, and hear of
 * a board change written through yet another instance.
 */
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceUpdatedNotificationSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { call, createUser, expectStatus } from "./http";
import type { Instance } from "./instance";

const TIMEOUT_MS = 30_000;

/** A fetch that sends each request to the next instance, whatever URL the client asked for. */
function alternating(instances: Instance[], served: string[]): typeof fetch {
  let next = 0;
  return (input, init) => {
    const instance = instances[next++ % instances.length]!;
    served.push(instance.name);
    const url = new URL(input instanceof Request ? input.url : String(input));
    return fetch(`${instance.url}${url.pathname}${url.search}`, init);
  };
}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS))]);
}

export async function checkMcpConversations(instances: Instance[], lb: string, expect: (ok: boolean, what: string) => void): Promise<void> {
  const owner = await createUser(lb, "mcp");
  const colleague = instances[2]!.url;
  const endpoint = new URL(`${lb}/api/mcp`);
  const headers = { Authorization: `Bearer ${owner.key}` };

  // 2026-07-28: no session at all; every request stands alone.
  const modernServed: string[] = [];
  const modern = new ModernClient({ name: "cluster", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await modern.connect(new ModernTransport(endpoint, { requestInit: { headers }, fetch: alternating(instances, modernServed) }));
  try {
    const { tools } = await modern.listTools();
    const created = (await modern.callTool({ name: "create_snap", arguments: { title: "mcp cluster", rows: 1, cols: 2 } })) as CallToolResult;
    const snap = created.structuredContent!.snap as { id: string; cards: { id: string }[] };
    const uri = `snap-board://snaps/${snap.id}`;
    const read = await modern.readResource({ uri: `${uri}/picture.png` });
    const updated = new Promise<string>((resolve) => modern.setNotificationHandler("notifications/resources/updated", (n) => resolve(n.params.uri)));
    const subscription = await modern.listen({ resourceSubscriptions: [uri] });
    await expectStatus(200, call(colleague, "PATCH", `/api/snaps/cards/${snap.cards[0]!.id}`, { key: owner.key, body: { title: "from app3" } }), "write");
    const told = await within(updated, "2026-07-28 listen");
    await subscription.close();
    expect(
      tools.length > 10 && read.contents[0]?.mimeType === "image/png" && told === uri && new Set(modernServed).size === 3,
      `MCP 2026-07-28: a conversation across ${[...new Set(modernServed)].join(", ")} (${modernServed.length} requests) listed ${tools.length} tools, made and drew a board, heard of its change`,
    );
  } finally {
    await modern.close();
  }

  // 2025-11-25: the session id (subscriptions only) is a row, so any instance serves it.
  const legacyServed: string[] = [];
  const legacy = new LegacyClient({ name: "cluster", version: "1" });
  await legacy.connect(new LegacyTransport(endpoint, { requestInit: { headers }, fetch: alternating(instances, legacyServed) }));
  try {
    const made = (await legacy.callTool({ name: "create_snap", arguments: { title: "mcp cluster 2025", rows: 1, cols: 1 } })) as CallToolResult;
    const snap = made.structuredContent!.snap as { id: string; cards: { id: string }[] };
    const kinds: string[] = [];
    for await (const message of legacy.experimental.tasks.callToolStream({ name: "export_snap", arguments: { id: snap.id, format: "png" } }, undefined, {
      task: {},
    }))
      kinds.push(message.type);
    const uri = `snap-board://snaps/${snap.id}`;
    let told: string | undefined;
    legacy.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      told = n.params.uri;
    });
    await legacy.subscribeResource({ uri });
    // The client opens its GET stream on its own after initialize: writes go on until it hears one.
    const deadline = Date.now() + TIMEOUT_MS;
    for (let attempt = 0; !told && Date.now() < deadline; attempt += 1) {
      await expectStatus(
        200,
        call(colleague, "PATCH", `/api/snaps/cards/${snap.cards[0]!.id}`, { key: owner.key, body: { title: `write ${attempt}` } }),
        "write",
      );
    }
    expect(
      kinds[0] === "taskCreated" && kinds.at(-1) === "result" && told === uri && new Set(legacyServed).size === 3,
      `MCP 2025-11-25: a session across ${[...new Set(legacyServed)].join(", ")} ran a task (${kinds.join(" → ")}) and heard of a change written on app3`,
    );
  } finally {
    await legacy.close();
  }
}
