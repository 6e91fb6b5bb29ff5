/**
 * A listing's memory does not follow the size of the rows behind it (docs/API.md, "Bounds"): the
 * largest rows each listing can hold, listed from a server with the heap cap `npm start` gives it
 * (scripts/server-node-options.ts). Templates and history versions of about 8 MB each (an import's
 * and a card batch's limit), a full page of each, and a feed of full-size events: each listing
 * answers, and the server is still there after.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { serverNodeOptions } from "../../scripts/server-node-options";
import { MAX_WORKSPACE_TEMPLATES } from "../../lib/templates/template-limits";
import { MAX_EVENT_BYTES } from "../../lib/events/event-config";
import { MAX_DOCUMENT_CARDS } from "../../lib/transfer/transfer-schemas";
import { FEED_PAGE_BYTES } from "../../lib/events/list-feed-events";
import { startAppServer, type AppServer } from "../setup/app-server";
import { sql } from "./fixtures";
import { api, createKey, signUp, type TestUser } from "./helpers";

/** Just under the import's 8,000,000 bytes, with room for the document around it. */
const NOTE_CHARS = 7_900_000;
const PAGE = 100;
/** Snaps of the most cards an import makes, 300,000 cards in all. */
const SNAPS_OF_MAX_CARDS = 15;

let server: AppServer;
let user: TestUser;
let key: string;
let workspaceId: string;
let snapId: string;

beforeAll(async () => {
  user = await signUp("listing-memory");
  key = await createKey(user);
  workspaceId = (await sql().query(`SELECT "workspaceId" FROM "Membership" WHERE "userId" = $1`, [user.id])).rows[0].workspaceId;
  snapId = (await api("POST", "/api/snaps", { key, body: { title: "Big history", rows: 1, cols: 1 } })).body.snap.id;
  server = await startAppServer({
    databaseUrl: inject("databaseUrl"),
    authSecret: inject("authSecret"),
    env: { NODE_OPTIONS: serverNodeOptions("") },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sql().query(`DELETE FROM "SnapTemplate" WHERE "workspaceId" = $1`, [workspaceId]);
  await sql().query(`DELETE FROM "FeedEvent" WHERE "snapId" = $1`, [snapId]);
  await sql().query(`DELETE FROM "Snap" WHERE id = $1`, [snapId]);
});

const on = (path: string) => api("GET", path, { key, baseUrl: server.baseUrl });

async function expectServerAlive(): Promise<void> {
  expect((await api("GET", "/api/health", { baseUrl: server.baseUrl })).status).toBe(200);
}

describe("under the production heap cap", { timeout: 180_000 }, () => {
  it(`lists ${MAX_WORKSPACE_TEMPLATES} templates of about 8 MB each, twice at once`, async () => {
    await sql().query(
      `WITH big AS (SELECT repeat('x', $2::int) AS note)
       INSERT INTO "SnapTemplate" (id, "workspaceId", "userId", name, document, rows, cols, "previewCells", "documentBytes")
       SELECT 'tpl-mem-' || n || '-' || $1, $1, $3, 'Big ' || n,
         jsonb_build_object('version', 1, 'snap', jsonb_build_object('title', 'Big', 'rows', 1, 'cols', 1),
           'cards', jsonb_build_array(jsonb_build_object('row', 0, 'col', 0, 'title', 'Note', 'note', big.note)), 'lines', '[]'::jsonb),
         1, 1, '[]'::jsonb, $2::int + 200
       FROM generate_series(1, $4::int) AS n, big`,
      [workspaceId, NOTE_CHARS, user.id, MAX_WORKSPACE_TEMPLATES],
    );
    const [first, second] = await Promise.all([on("/api/templates"), on("/api/templates")]);
    for (const listed of [first, second]) {
      expect(listed.status).toBe(200);
      expect(listed.body.templates.filter((template: { source: string }) => template.source === "workspace")).toHaveLength(MAX_WORKSPACE_TEMPLATES);
    }
    await expectServerAlive();
  });

  it(`lists a page of ${PAGE} history versions of about 8 MB each, some written before their outline was stored`, async () => {
    // Versions 2..91 as the writer stores them now (with their outline); 92..101 as older entries (none).
    await sql().query(
      `WITH big AS (SELECT repeat('x', $2::int) AS note)
       INSERT INTO "SnapHistory" ("snapId", version, "occurredAt", "actorType", "actorUserId", change, outline)
       SELECT $1, n, now(), 'user', $3,
         json_build_object('updatedCards', json_build_object('card-' || n, json_build_object('note', big.note, 'title', 'T'))),
         CASE WHEN n <= $4::int - 9 THEN json_build_object('updatedCards', json_build_object('card-' || n, json_build_object('note', true, 'title', true))) END
       FROM generate_series(2, $4::int + 1) AS n, big`,
      [snapId, NOTE_CHARS, user.id, PAGE],
    );
    await sql().query(`UPDATE "Snap" SET version = $2 WHERE id = $1`, [snapId, PAGE + 1]);
    const listed = await on(`/api/snaps/${snapId}/history?limit=${PAGE}`);
    expect(listed.status).toBe(200);
    expect(listed.body.entries).toHaveLength(PAGE);
    expect(listed.body.entries[0].version).toBe(PAGE + 1);
    for (const entry of listed.body.entries) {
      expect(entry.summary).toBe("Edited the text of a card");
      expect(entry.changes.cards.updated).toEqual({ count: 1, ids: [`card-${entry.version}`] });
    }
    await expectServerAlive();
  });

  it("lists every snap of an account holding 300,000 cards (15 imports' worth)", async () => {
    const owner = await signUp("many-cards");
    const ownerKey = await createKey(owner);
    const snapIds: string[] = [];
    for (let i = 0; i < SNAPS_OF_MAX_CARDS; i++) {
      const created = await api("POST", "/api/snaps", { key: ownerKey, body: { title: `Full ${i}`, rows: 1, cols: 1 } });
      snapIds.push(created.body.snap.id);
    }
    await sql().query(
      `INSERT INTO "Card" (id, "snapId", row, col, title)
       SELECT 'cm' || md5(s.id || '-' || n), s.id, 1 + n / 100, n % 100, 'card ' || n
       FROM unnest($1::text[]) AS s(id), generate_series(0, $2::int - 2) AS n`,
      [snapIds, MAX_DOCUMENT_CARDS],
    );
    const listed = await api("GET", "/api/snaps", { key: ownerKey, baseUrl: server.baseUrl });
    expect(listed.status).toBe(200);
    expect(listed.body.snaps).toHaveLength(SNAPS_OF_MAX_CARDS);
    for (const snap of listed.body.snaps) expect(snap.cards).toHaveLength(MAX_DOCUMENT_CARDS);
    // Most recently updated first, cards in grid order, as one JSON body had them.
    expect(listed.body.snaps.map((snap: { id: string }) => snap.id)).toEqual([...snapIds].reverse());
    expect(listed.body.snaps[0].cards.slice(0, 2).map((card: { row: number; col: number }) => [card.row, card.col])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    await expectServerAlive();
    await sql().query(`DELETE FROM "Snap" WHERE id = ANY($1)`, [snapIds]);
  });

  it("ends a feed page early once its events' data passes the page's budget", async () => {
    const dataChars = MAX_EVENT_BYTES - 1_000;
    await sql().query(
      `WITH big AS (SELECT repeat('y', $2::int) AS text)
       INSERT INTO "FeedEvent" (id, type, "snapId", "snapVersion", "actorType", "actorUserId", data)
       SELECT 'evt_mem_' || n || '_' || $1, 'cards.updated', $1, n, 'user', $3, json_build_object('cards', json_build_array(json_build_object('note', big.text)))
       FROM generate_series(1, $4::int) AS n, big`,
      [snapId, dataChars, user.id, PAGE],
    );
    // The feed shows an event once every transaction older than its own has ended (lib/events/list-feed-events.ts):
    // another test file's long transaction can hold these back for a while.
    await expect.poll(async () => (await on(`/api/events?snapId=${snapId}&types=cards.updated&limit=1`)).body.events?.length, { timeout: 60_000 }).toBe(1);
    const events: { id: string }[] = [];
    let after = "";
    let pages = 0;
    let page: any;
    do {
      const listed = await on(`/api/events?snapId=${snapId}&types=cards.updated&limit=${PAGE}${after && `&after=${after}`}`);
      expect(listed.status).toBe(200);
      page = listed.body;
      const bytes = page.events.reduce((sum: number, event: unknown) => sum + JSON.stringify((event as { data: unknown }).data).length, 0);
      expect(bytes).toBeLessThanOrEqual(FEED_PAGE_BYTES + MAX_EVENT_BYTES);
      events.push(...page.events);
      after = page.nextCursor;
      pages++;
    } while (page.hasMore);
    // Every event once, in order, over several pages.
    expect(events).toHaveLength(PAGE);
    expect(new Set(events.map((event) => event.id)).size).toBe(PAGE);
    expect(pages).toBeGreaterThan(1);
    await expectServerAlive();
  });
});
