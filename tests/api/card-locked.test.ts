import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, documentedFetch } from "./helpers";
import { createTeam, type Team } from "./fixtures";
import { expectError, insertSnap, storedCards } from "./card-fixtures";

/**
 * The card field `locked` the whole way (docs/API.md, "Cards"): a boolean, false by default, that
 * every write takes and every answer, document, history entry and copy carries. The API writes a
 * locked card like any other for a caller who may edit.
 */

let team: Team;
let mcp: Client;
beforeAll(async () => {
  team = await createTeam();
  mcp = new Client({ name: "snap-board-tests", version: "1.0.0" });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${team.owner.key}` } } }),
  );
});
afterAll(async () => {
  await mcp?.close();
});

const owner = () => ({ key: team.owner.key });

describe("locked", () => {
  it("is false on a new card, single, batch or in a change, and in GET /api/snaps/:id", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const single = await api("POST", `/api/snaps/cards/${snap.id}`, { ...owner(), body: { row: 1, col: 0 } });
    expect(single.status).toBe(201);
    expect(single.body.card.locked).toBe(false);
    const batch = await api("POST", "/api/snaps/cards/batch", { ...owner(), body: { cards: [{ snapId: snap.id, row: 2, col: 0 }] } });
    expect(batch.body.cards[0].locked).toBe(false);
    const change = await api("POST", `/api/snaps/${snap.id}/changes`, { ...owner(), body: { create: [{ row: 3, col: 0 }] } });
    expect(change.status).toBe(200);
    expect(change.body.created[0].locked).toBe(false);
    const detail = await api("GET", `/api/snaps/${snap.id}`, owner());
    expect(detail.body.snap.cards.map((card: { locked: boolean }) => card.locked)).toEqual([false, false, false, false]);
  });

  it("is set and cleared by PATCH, a batch and a change; a locked card is still written by the API", async () => {
    const snap = await insertSnap(team.owner, { cards: 3 });
    const [a, b, c] = snap.cardIds as [string, string, string];
    const created = await api("POST", `/api/snaps/cards/${snap.id}`, { ...owner(), body: { row: 4, col: 4, locked: true } });
    expect(created.body.card.locked).toBe(true);

    const locked = await api("PATCH", `/api/snaps/cards/${a}`, { ...owner(), body: { locked: true } });
    expect(locked.status).toBe(200);
    expect(locked.body.card).toMatchObject({ id: a, locked: true, title: "card 0" });
    // The lock guards the board's gestures, not the API: an edit and a move of the locked card go through.
    const edited = await api("PATCH", `/api/snaps/cards/${a}`, { ...owner(), body: { title: "still mine", col: 7 } });
    expect(edited.status).toBe(200);
    expect(edited.body.card).toMatchObject({ title: "still mine", col: 7, locked: true });

    const batch = await api("PATCH", "/api/snaps/cards/batch", { ...owner(), body: { updates: [{ id: b, locked: true }] } });
    expect(batch.body.cards[0]).toMatchObject({ id: b, locked: true });
    const change = await api("POST", `/api/snaps/${snap.id}/changes`, {
      ...owner(),
      body: {
        update: [
          { id: a, locked: false },
          { id: c, locked: true },
        ],
        delete: [b],
      },
    });
    expect(change.status).toBe(200);
    expect(change.body.updated.map((card: { id: string; locked: boolean }) => [card.id, card.locked])).toEqual([
      [a, false],
      [c, true],
    ]);
    expect(change.body.deleted).toEqual([b]);

    const stored = await storedCards([a, c]);
    expect(stored.get(a)?.locked).toBe(false);
    expect(stored.get(c)?.locked).toBe(true);
    expect((await api("DELETE", `/api/snaps/cards/${c}`, owner())).status).toBe(200);
  });

  it("is kept by a range write, which writes a locked card's title like any other", async () => {
    const snap = await insertSnap(team.owner, { cards: 2 });
    const [first] = snap.cardIds as [string];
    await api("PATCH", `/api/snaps/cards/${first}`, { ...owner(), body: { locked: true } });
    const written = await api("PUT", `/api/snaps/${snap.id}/range`, { ...owner(), body: { row: 0, col: 0, values: [["over the lock", null]] } });
    expect(written.status).toBe(200);
    expect(written.body.updated).toEqual([expect.objectContaining({ id: first, title: "over the lock", locked: true })]);
  });

  it("refuses a value that is not a boolean: 400 naming the field's path, nothing written", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const [cardId] = snap.cardIds as [string];
    expectError(await api("PATCH", `/api/snaps/cards/${cardId}`, { ...owner(), body: { locked: "yes" } }), 400, "BAD_REQUEST", ["locked"]);
    expectError(await api("POST", `/api/snaps/cards/${snap.id}`, { ...owner(), body: { row: 0, col: 1, locked: 1 } }), 400, "BAD_REQUEST", ["locked"]);
    expectError(await api("PATCH", "/api/snaps/cards/batch", { ...owner(), body: { updates: [{ id: cardId, locked: null }] } }), 400, "BAD_REQUEST", [
      "updates.0.locked",
    ]);
    expectError(await api("POST", `/api/snaps/${snap.id}/changes`, { ...owner(), body: { update: [{ id: cardId, locked: "true" }] } }), 400, "BAD_REQUEST", [
      "update.0.locked",
    ]);
    expect((await storedCards([cardId])).get(cardId)?.locked).toBe(false);
  });

  it("goes through export and import (JSON and CSV), duplicate and templates", async () => {
    const snap = await insertSnap(team.owner, { cards: 2 });
    const [first] = snap.cardIds as [string];
    await api("PATCH", `/api/snaps/cards/${first}`, { ...owner(), body: { locked: true } });

    const exported = await api("GET", `/api/snaps/${snap.id}/export`, owner());
    expect(exported.status).toBe(200);
    expect(exported.body.cards.map((card: { locked: boolean }) => card.locked)).toEqual([true, false]);
    const imported = await api("POST", "/api/snaps/import", { ...owner(), body: exported.body });
    expect(imported.status).toBe(201);
    expect(imported.body.snap.cards.map((card: { locked: boolean }) => card.locked)).toEqual([true, false]);
    // A document written before the field (or by hand) leaves it out: the card is unlocked.
    const withoutLock = { ...exported.body.cards[0] };
    delete withoutLock.locked;
    const older = await api("POST", "/api/snaps/import", { ...owner(), body: { ...exported.body, cards: [withoutLock] } });
    expect(older.body.snap.cards[0].locked).toBe(false);

    const csv = await documentedFetch(`${baseUrl}/api/snaps/${snap.id}/export?format=csv`, { headers: { authorization: `Bearer ${team.owner.key}` } });
    const [header, row] = (await csv.text()).split("\r\n");
    expect(header?.split(",").at(-1)).toBe("locked");
    expect(row?.split(",").at(-1)).toBe("true");

    const duplicate = await api("POST", `/api/snaps/${snap.id}/duplicate`, { ...owner(), body: {} });
    expect(duplicate.status).toBe(201);
    expect(duplicate.body.snap.cards.map((card: { locked: boolean }) => card.locked)).toEqual([true, false]);

    const template = await api("POST", "/api/templates", { ...owner(), body: { snapId: snap.id, name: `Locked ${snap.id}` } });
    expect(template.status).toBe(201);
    const fromTemplate = await api("POST", "/api/snaps", { ...owner(), body: { templateId: template.body.template.id } });
    expect(fromTemplate.status).toBe(201);
    const made = await api("GET", `/api/snaps/${fromTemplate.body.snap.id}`, owner());
    expect(made.body.snap.cards.map((card: { locked: boolean }) => card.locked)).toEqual([true, false]);
  });

  it("is in history: the entry says what changed, a version shows it, and a restore puts it back", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const [cardId] = snap.cardIds as [string];
    const locked = await api("PATCH", `/api/snaps/cards/${cardId}`, { ...owner(), body: { locked: true } });
    const lockedAt = Number(locked.headers.get("snap-version"));
    const history = await api("GET", `/api/snaps/${snap.id}/history`, owner());
    expect(history.status).toBe(200);
    const entry = history.body.entries.find((candidate: { version: number }) => candidate.version === lockedAt);
    expect(entry).toMatchObject({ summary: "Locked or unlocked “card 0”" });
    expect(entry.changes.cards.updated.ids).toEqual([cardId]);
    const version = await api("GET", `/api/snaps/${snap.id}/versions/${lockedAt}`, owner());
    expect(version.body.snap.cards[0]).toMatchObject({ id: cardId, locked: true });

    await api("PATCH", `/api/snaps/cards/${cardId}`, { ...owner(), body: { locked: false } });
    const restored = await api("POST", `/api/snaps/${snap.id}/restore`, { ...owner(), body: { version: lockedAt } });
    expect(restored.status).toBe(200);
    expect(restored.body.snap.cards[0]).toMatchObject({ id: cardId, locked: true });
  });

  it("is a described boolean of the MCP card tools, which set it", async () => {
    const { tools } = await mcp.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool.inputSchema as any]));
    for (const [tool, item] of [
      ["create_cards", (schema: any) => schema.properties.cards.items],
      ["update_cards", (schema: any) => schema.properties.updates.items],
      ["apply_changes", (schema: any) => schema.properties.update.items],
    ] as const) {
      expect({ tool, locked: item(byName.get(tool)).properties.locked }).toEqual({
        tool,
        locked: { type: "boolean", description: expect.stringContaining("locked card stays put") },
      });
    }
    const snap = await insertSnap(team.owner, { cards: 1 });
    const result = (await mcp.callTool({ name: "update_cards", arguments: { updates: [{ id: snap.cardIds[0], locked: true }] } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { cards: { locked: boolean }[] }).cards[0]?.locked).toBe(true);
    expect((await storedCards(snap.cardIds)).get(snap.cardIds[0]!)?.locked).toBe(true);
  });
});
