import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { fileTestUser, startFileServer, type FileServer, type FileTestUser } from "./file-server";

/**
 * Attachments on cards (docs/API.md, "Cards" and "Files"): attached on create, update, batches and
 * changes; refused with the item's path when a file is not the snap's, past the cap, or twice;
 * removed from cards when the file is deleted; kept by the orphan sweep, a duplicate and a restore.
 * A server of its own, for its cap (CARD_MAX_ATTACHMENTS=3) and its sweep.
 */
describe("card attachments", () => {
  let server: FileServer;
  let owner: FileTestUser;
  let member: FileTestUser;
  let outsider: FileTestUser;
  let snapId: string;
  let otherSnapId: string;
  let readKey: string;

  const call = (method: string, path: string, key: string, body?: unknown) => api(method, path, { key, body, baseUrl: server.baseUrl });

  async function upload(snap: string, name: string, text = name): Promise<{ id: string; name: string; contentType: string; size: number }> {
    const response = await fetch(`${server.baseUrl}/api/snaps/${snap}/files?name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.key}`, "content-type": "text/plain" },
      body: text,
    });
    expect(response.status).toBe(201);
    const { file } = await response.json();
    return { id: file.id, name: file.name, contentType: file.contentType, size: file.size };
  }

  beforeAll(async () => {
    server = await startFileServer({ CARD_MAX_ATTACHMENTS: "3" });
    owner = await fileTestUser(server, "owner");
    [member, outsider] = await Promise.all([fileTestUser(server, "member", owner.workspaceId), fileTestUser(server, "outsider")]);
    snapId = (await call("POST", "/api/snaps", owner.key, { title: "Attachments" })).body.snap.id;
    otherSnapId = (await call("POST", "/api/snaps", owner.key, { title: "Other" })).body.snap.id;
    await call("PATCH", `/api/snaps/${snapId}`, owner.key, { sharedWithWorkspace: true });
    readKey = (await api("POST", "/api/keys", { cookie: owner.cookie, body: { name: "read", access: "read" }, baseUrl: server.baseUrl })).body.apiKey.key;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("attaches on create and update, in order, shown on every card answer; [] by default", async () => {
    const [a, b] = [await upload(snapId, "a.txt", "alpha"), await upload(snapId, "b.txt", "bravo!")];
    const plain = await call("POST", `/api/snaps/cards/${snapId}`, owner.key, { row: 0, col: 0, title: "plain" });
    expect(plain.status).toBe(201);
    expect(plain.body.card.attachments).toEqual([]);

    const created = await call("POST", `/api/snaps/cards/${snapId}`, owner.key, { row: 0, col: 1, title: "with", attachments: [b.id, a.id] });
    expect(created.status).toBe(201);
    expect(created.body.card.attachments).toEqual([
      { id: b.id, name: "b.txt", contentType: "text/plain; charset=utf-8", size: 6 },
      { id: a.id, name: "a.txt", contentType: "text/plain; charset=utf-8", size: 5 },
    ]);
    const cardId = created.body.card.id;
    const read = await call("GET", `/api/snaps/cards/${cardId}`, owner.key);
    expect(read.body.card.attachments.map((file: { id: string }) => file.id)).toEqual([b.id, a.id]);
    const etag = read.headers.get("etag")!;

    const updated = await api("PATCH", `/api/snaps/cards/${cardId}`, {
      key: owner.key,
      body: { attachments: [a.id] },
      headers: { "if-match": etag },
      baseUrl: server.baseUrl,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.card.attachments).toEqual([a]);
    // The ETag follows the attachments: the old one no longer matches.
    const stale = await api("PATCH", `/api/snaps/cards/${cardId}`, {
      key: owner.key,
      body: { attachments: [] },
      headers: { "if-match": etag },
      baseUrl: server.baseUrl,
    });
    expect(stale.status).toBe(412);
    expect(updated.headers.get("etag")).toBe((await call("GET", `/api/snaps/cards/${cardId}`, owner.key)).headers.get("etag"));

    const snap = await call("GET", `/api/snaps/${snapId}`, owner.key);
    const byId = new Map(snap.body.snap.cards.map((card: { id: string; attachments: unknown }) => [card.id, card.attachments]));
    expect(byId.get(cardId)).toEqual([a]);
    expect(byId.get(plain.body.card.id)).toEqual([]);
  });

  it("attaches through batches and changes, and refuses another snap's file or an unknown id by its path, writing nothing", async () => {
    const mine = await upload(snapId, "mine.txt");
    const theirs = await upload(otherSnapId, "theirs.txt");
    const batch = await call("POST", "/api/snaps/cards/batch", owner.key, {
      cards: [
        { snapId, row: 5, col: 0 },
        { snapId, row: 5, col: 1, attachments: [mine.id] },
      ],
    });
    expect(batch.status).toBe(201);
    expect(batch.body.cards[1].attachments).toEqual([mine]);
    const [first, second] = batch.body.cards.map((card: { id: string }) => card.id);

    const refused = await call("POST", "/api/snaps/cards/batch", owner.key, {
      cards: [
        { snapId, row: 6, col: 0, attachments: [mine.id] },
        { snapId, row: 6, col: 1, attachments: [mine.id, theirs.id] },
      ],
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error.details).toEqual([{ path: "cards.1.attachments.1", message: `No file ${theirs.id} in this card's snap` }]);

    const batchUpdate = await call("PATCH", "/api/snaps/cards/batch", owner.key, {
      updates: [
        { id: first, attachments: [mine.id] },
        { id: second, attachments: ["nosuchfile"] },
      ],
    });
    expect(batchUpdate.status).toBe(404);
    expect(batchUpdate.body.error.details).toEqual([{ path: "updates.1.attachments.0", message: "No file nosuchfile in this card's snap" }]);

    const change = await call("POST", `/api/snaps/${snapId}/changes`, owner.key, {
      create: [{ row: 7, col: 0, attachments: [mine.id] }],
      update: [{ id: first, attachments: [mine.id] }],
    });
    expect(change.status).toBe(200);
    expect(change.body.created[0].attachments).toEqual([mine]);
    expect(change.body.updated[0].attachments).toEqual([mine]);

    const badChange = await call("POST", `/api/snaps/${snapId}/changes`, owner.key, {
      create: [{ row: 8, col: 0 }],
      update: [
        { id: second, title: "x" },
        { id: first, attachments: [mine.id, theirs.id] },
      ],
    });
    expect(badChange.status).toBe(404);
    expect(badChange.body.error.details).toEqual([{ path: "update.1.attachments.1", message: `No file ${theirs.id} in this card's snap` }]);
    const single = await call("PATCH", `/api/snaps/cards/${second}`, owner.key, { attachments: [theirs.id] });
    expect(single.status).toBe(404);
    expect(single.body.error.details).toEqual([{ path: "attachments.0", message: `No file ${theirs.id} in this card's snap` }]);

    // Nothing of the refused writes is there.
    const cards = (await call("GET", `/api/snaps/${snapId}`, owner.key)).body.snap.cards as {
      id: string;
      row: number;
      title: string;
      attachments: unknown[];
    }[];
    expect(cards.filter((card) => card.row === 6 || card.row === 8)).toEqual([]);
    expect(cards.find((card) => card.id === second)).toMatchObject({ title: "", attachments: [mine] });
  });

  it("enforces the per-card cap and each file once, naming the limit", async () => {
    const files = await Promise.all(["1", "2", "3", "4"].map((n) => upload(snapId, `cap${n}.txt`)));
    const tooMany = await call("POST", `/api/snaps/cards/${snapId}`, owner.key, { row: 10, col: 0, attachments: files.map((file) => file.id) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details).toEqual([{ path: "attachments", message: "At most 3 attachments per card (CARD_MAX_ATTACHMENTS); this list has 4" }]);
    const twice = await call("POST", `/api/snaps/${snapId}/changes`, owner.key, { create: [{ row: 10, col: 0, attachments: [files[0]!.id, files[0]!.id] }] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.details).toEqual([
      { path: "create.0.attachments.1", message: `File ${files[0]!.id} is listed twice (also at create.0.attachments.0)` },
    ]);
    const atCap = await call("POST", `/api/snaps/cards/${snapId}`, owner.key, { row: 10, col: 0, attachments: files.slice(0, 3).map((file) => file.id) });
    expect(atCap.status).toBe(201);
    expect(atCap.body.card.attachments).toHaveLength(3);
  });

  it("refuses a read-only key (403) and a caller of another workspace (no file of theirs is told)", async () => {
    const file = await upload(snapId, "guarded.txt");
    const card = (await call("POST", `/api/snaps/cards/${snapId}`, owner.key, { row: 12, col: 0 })).body.card;
    const byReadKey = await call("PATCH", `/api/snaps/cards/${card.id}`, readKey, { attachments: [file.id] });
    expect(byReadKey.status).toBe(403);
    expect(byReadKey.body.error.message).toBe("This API key is read-only");

    const byOutsider = await call("PATCH", `/api/snaps/cards/${card.id}`, outsider.key, { attachments: [file.id] });
    expect(byOutsider.status).toBe(403);
    const createByOutsider = await call("POST", `/api/snaps/cards/${snapId}`, outsider.key, { row: 12, col: 1, attachments: [file.id] });
    expect(createByOutsider.status).toBe(403);
    // An outsider's own snap cannot take this snap's file either.
    const theirSnap = (await call("POST", "/api/snaps", outsider.key, { title: "Mine" })).body.snap.id;
    const stolen = await call("POST", `/api/snaps/cards/${theirSnap}`, outsider.key, { row: 0, col: 0, attachments: [file.id] });
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.details).toEqual([{ path: "attachments.0", message: `No file ${file.id} in this card's snap` }]);
    // A member who may read the shared snap sees the attachment; the card is unchanged.
    expect((await call("GET", `/api/snaps/cards/${card.id}`, member.key)).body.card.attachments).toEqual([]);
  });

  it("a deleted file leaves every card that carried it, as one change with history", async () => {
    const [keep, gone] = [await upload(snapId, "keep.txt"), await upload(snapId, "gone.txt")];
    const change = await call("POST", `/api/snaps/${snapId}/changes`, owner.key, {
      create: [
        { row: 14, col: 0, attachments: [gone.id, keep.id] },
        { row: 14, col: 1, attachments: [gone.id] },
      ],
    });
    const [one, two] = change.body.created.map((card: { id: string }) => card.id);
    const before = change.body.version as number;
    expect((await call("DELETE", `/api/files/${gone.id}`, owner.key)).status).toBe(200);
    const cards = (await call("GET", `/api/snaps/${snapId}`, owner.key)).body;
    const byId = new Map(cards.snap.cards.map((card: { id: string; attachments: unknown }) => [card.id, card.attachments]));
    expect(byId.get(one)).toEqual([keep]);
    expect(byId.get(two)).toEqual([]);
    expect(cards.snap.version).toBe(before + 1);
    const event = await server.db.query(`SELECT payload FROM "SnapEvent" WHERE "snapId" = $1 AND version = $2`, [snapId, before + 1]);
    expect(event.rows[0].payload.cardFields).toEqual({ [one]: ["attachments"], [two]: ["attachments"] });
    const feed = await server.db.query(`SELECT type FROM "FeedEvent" WHERE "snapId" = $1 ORDER BY seq DESC LIMIT 2`, [snapId]);
    expect(feed.rows.map((row) => row.type).sort()).toEqual(["cards.updated", "file.deleted"]);
    const history = await call("GET", `/api/snaps/${snapId}/history`, owner.key);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain(String(before + 1));
  });

  it("the orphan sweep keeps attached files and those a kept version attached", async () => {
    const [attached, detached, orphan] = [await upload(snapId, "attached.txt"), await upload(snapId, "detached.txt"), await upload(snapId, "orphan.txt")];
    const card = (await call("POST", `/api/snaps/cards/${snapId}`, owner.key, { row: 16, col: 0, attachments: [attached.id, detached.id] })).body.card;
    await call("PATCH", `/api/snaps/cards/${card.id}`, owner.key, { attachments: [attached.id] });
    await server.db.query(`UPDATE "File" SET "createdAt" = now() - interval '2 days' WHERE id = ANY($1)`, [[attached.id, detached.id, orphan.id]]);
    await server.db.query(`SELECT graphile_worker.add_job('file-sweep', '{}'::json)`);
    await expect.poll(async () => (await server.db.query(`SELECT 1 FROM "File" WHERE id = $1`, [orphan.id])).rowCount, { timeout: 30_000 }).toBe(0);
    const left = await server.db.query(`SELECT id FROM "File" WHERE id = ANY($1)`, [[attached.id, detached.id]]);
    expect(left.rows.map((row) => row.id).sort()).toEqual([attached.id, detached.id].sort());
  });

  it("a duplicate carries attachments as copies of the files; a restore brings back attachments", async () => {
    const source = (await call("POST", "/api/snaps", owner.key, { title: "Source" })).body.snap.id;
    const [x, y] = [await upload(source, "x.txt", "xx"), await upload(source, "y.txt", "yyy")];
    const card = (await call("POST", `/api/snaps/cards/${source}`, owner.key, { row: 2, col: 3, title: "docs", attachments: [y.id, x.id] })).body.card;
    const version = (await call("GET", `/api/snaps/${source}`, owner.key)).body.snap.version as number;

    const copy = await call("POST", `/api/snaps/${source}/duplicate`, owner.key, {});
    expect(copy.status).toBe(201);
    const copied = copy.body.snap.cards.find((c: { title: string }) => c.title === "docs");
    expect(copied.attachments.map((file: { name: string; size: number }) => [file.name, file.size])).toEqual([
      ["y.txt", 3],
      ["x.txt", 2],
    ]);
    const copyFiles = (await call("GET", `/api/snaps/${copy.body.snap.id}/files`, owner.key)).body.files as { id: string }[];
    expect(copied.attachments.map((file: { id: string }) => file.id).sort()).toEqual(copyFiles.map((file) => file.id).sort());
    expect(copied.attachments.map((file: { id: string }) => file.id)).not.toContain(x.id);
    const download = await fetch(`${server.baseUrl}/api/files/${copied.attachments[0].id}?download=1`, { headers: { authorization: `Bearer ${owner.key}` } });
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="y.txt"; filename*=UTF-8''y.txt`);
    expect(await download.text()).toBe("yyy");

    await call("PATCH", `/api/snaps/cards/${card.id}`, owner.key, { attachments: [] });
    const restored = await call("POST", `/api/snaps/${source}/restore`, owner.key, { version });
    expect(restored.status).toBe(200);
    const after = (await call("GET", `/api/snaps/cards/${card.id}`, owner.key)).body.card;
    expect(after.attachments).toEqual([y, x]);
    // A file deleted since is not brought back: a restore keeps only the snap's files.
    await call("PATCH", `/api/snaps/cards/${card.id}`, owner.key, { attachments: [] });
    expect((await call("DELETE", `/api/files/${x.id}`, owner.key)).status).toBe(200);
    expect((await call("POST", `/api/snaps/${source}/restore`, owner.key, { version })).status).toBe(200);
    expect((await call("GET", `/api/snaps/cards/${card.id}`, owner.key)).body.card.attachments).toEqual([y]);
  });
});
