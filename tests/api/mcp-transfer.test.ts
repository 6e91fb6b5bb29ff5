import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, documentedFetch } from "./helpers";
import { createTeam, ownedRowCounts, type Team } from "./fixtures";

let team: Team;
let client: Client;
beforeAll(async () => {
  team = await createTeam();
  client = new Client({ name: "snap-board-tests", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${team.owner.key}` } } }),
  );
});
afterAll(async () => {
  await client?.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return result;
}

describe("MCP tools for export, import, duplicate and templates", () => {
  it("export_snap → import_snap (dry run, then for real) → duplicate_snap; templates", async () => {
    const document = {
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "Agent export", rows: 1, cols: 2 },
      cards: [
        { key: "a", row: 0, col: 0, title: "left" },
        { key: "b", row: 0, col: 1, title: "right" },
      ],
      lines: [{ from: "a", to: "b" }],
    };
    const before = await ownedRowCounts([team.owner.id]);
    const dry = await call("import_snap", { document, dryRun: true });
    expect(dry.structuredContent).toEqual({ valid: true, summary: { rows: 1, cols: 2, cards: 2, lines: 1 } });
    expect(await ownedRowCounts([team.owner.id])).toEqual(before);

    const bad = await call("import_snap", { document: { ...document, lines: [{ from: "a", to: "zz" }] } });
    expect(bad.isError).toBe(true);
    expect(JSON.parse((bad.content[0] as { text: string }).text).error.details).toEqual([{ path: "lines[0].to", message: 'No card has the key "zz"' }]);

    const imported = (await call("import_snap", { document })).structuredContent as any;
    const id = imported.snap.id;
    expect(imported.snap.lines).toHaveLength(1);

    const exported = (await call("export_snap", { id })).structuredContent as any;
    expect(exported).toMatchObject({ filename: "agent-export.snap.json", mediaType: "application/json" });
    expect(exported.document.cards.map((card: { title: string }) => card.title)).toEqual(["left", "right"]);
    const csv = (await call("export_snap", { id, format: "csv" })).structuredContent as any;
    expect(csv.text.split("\r\n")[1]).toMatch(/^0,0,1,1,left,/);

    const copy = (await call("duplicate_snap", { id, title: "Agent copy" })).structuredContent as any;
    expect(copy.snap).toMatchObject({ title: "Agent copy", userId: team.owner.id });

    const { templates } = (await call("list_templates", {})).structuredContent as any;
    expect(templates.length).toBeGreaterThanOrEqual(5);
    const fromTemplate = (await call("create_snap_from_template", { templateId: "builtin-retrospective" })).structuredContent as any;
    expect(fromTemplate.snap.title).toBe("Sprint retrospective");

    const forbidden = await call("export_snap", { id: (await createOthersSnap()).id });
    expect(forbidden.isError).toBe(true);
  });
});

async function createOthersSnap(): Promise<{ id: string }> {
  const response = await documentedFetch(`${baseUrl}/api/snaps`, {
    method: "POST",
    headers: { authorization: `Bearer ${team.outsider.key}`, "content-type": "application/json" },
    body: JSON.stringify({ title: "Outsider's" }),
  });
  return ((await response.json()) as { snap: { id: string } }).snap;
}
