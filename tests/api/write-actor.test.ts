import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl } from "./helpers";
import { createTeam, sql, type Team } from "./fixtures";
import { insertSnap } from "./card-fixtures";

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

async function lastEventActor(snapId: string) {
  const { rows } = await sql().query(
    `SELECT "actorUserId", "actorType"::text AS "actorType", "actorApiKeyId" FROM "SnapEvent" WHERE "snapId" = $1 ORDER BY version DESC LIMIT 1`,
    [snapId],
  );
  return rows[0];
}

async function keyIdOf(userId: string): Promise<string> {
  const { rows } = await sql().query(`SELECT id FROM "ApiKey" WHERE "userId" = $1 AND "revokedAt" IS NULL`, [userId]);
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

describe("every snap change records how its author wrote it", () => {
  it("a browser session: type user, no key", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const response = await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { cookie: team.owner.cookie, body: { title: "by hand" } });
    expect(response.status).toBe(200);
    expect(await lastEventActor(snap.id)).toEqual({ actorUserId: team.owner.id, actorType: "user", actorApiKeyId: null });
  });

  it("an API key: type apiKey, with the key's id", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const response = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { title: "by script" } });
    expect(response.status).toBe(200);
    expect(await lastEventActor(snap.id)).toEqual({ actorUserId: team.owner.id, actorType: "apiKey", actorApiKeyId: await keyIdOf(team.owner.id) });
  });

  it("an AI agent over MCP: type mcp, with the key it used", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const client = new Client({ name: "write-actor-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${team.owner.key}` } } }),
    );
    try {
      const result = await client.callTool({ name: "update_cards", arguments: { updates: [{ id: snap.cardIds[0], title: "by agent" }] } });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    expect(await lastEventActor(snap.id)).toEqual({ actorUserId: team.owner.id, actorType: "mcp", actorApiKeyId: await keyIdOf(team.owner.id) });
  });
});
