/**
 * The MCP Inspector's CLI (the MCP project's own reference client, run as a person runs it) lists
 * and calls our tools over HTTP with an API key. It needs Node.js >= 22.19, so it is no dependency
 * of the project, whose install must stay quiet on Node 20: CI installs it (.ci/mcp-inspector.sh)
 * and names its launcher in MCP_INSPECTOR when it runs the API tests on Node 24. Without it, skipped.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, createKey, signUp } from "./helpers";

const run = promisify(execFile);
const inspector = process.env.MCP_INSPECTOR;

/** `mcp-inspector --cli {base}/api/mcp --transport http ...args` with the key; its stdout as JSON. */
async function inspect(key: string, args: string[]): Promise<any> {
  const { stdout } = await run(
    process.execPath,
    [inspector!, "--cli", `${baseUrl}/api/mcp`, "--transport", "http", "--header", `Authorization: Bearer ${key}`, ...args],
    // Its catalog of servers lives in the home folder: a scratch one, not the machine's.
    { env: { ...process.env, MCP_CATALOG_PATH: `/tmp/snap-mcp-inspector-${process.pid}.json` }, timeout: 60_000 },
  );
  return JSON.parse(stdout);
}

describe.skipIf(!inspector)("the MCP Inspector's CLI against /api/mcp", () => {
  let key: string;
  beforeAll(async () => {
    key = await createKey(await signUp("inspector"), "inspector");
  });

  it("lists the tools, each with its input schema", async () => {
    const { tools } = await inspect(key, ["--method", "tools/list"]);
    const names = (tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["create_snap", "list_snaps", "get_snap", "create_cards", "search"]));
    for (const tool of tools) expect(tool.inputSchema).toMatchObject({ type: "object" });
  });

  it("calls create_snap, then finds the snap with list_snaps", async () => {
    const created = await inspect(key, ["--method", "tools/call", "--tool-name", "create_snap", "--tool-arg", "title=From the Inspector", "rows=2", "cols=3"]);
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent.snap).toMatchObject({ title: "From the Inspector" });
    expect(created.structuredContent.snap.cards).toHaveLength(6);
    const listed = await inspect(key, ["--method", "tools/call", "--tool-name", "list_snaps"]);
    expect(listed.isError).toBeFalsy();
    expect(JSON.stringify(listed.structuredContent)).toContain(created.structuredContent.snap.id);
  });
});
