/**
 * A single write is one statement (docs/ARCHITECTURE.md, "Single writes"): the card and line
 * writes send exactly one, If-Match included, and an API-key request's authentication none when
 * this process has read the key before (the statement checks it), one otherwise: a write costs one
 * round trip, two at a key's first. Counted at pg's Client.query, under the pool and
 * Prisma alike. Also what the statement relies on: the history snapshot sees the write it is
 * taken with, and PostgreSQL's card ETag is cardEtag's.
 */
import { randomBytes } from "node:crypto";
import bcrypt from "bcrypt";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Principal } from "../../lib/request/principal";

type Lib = {
  updateCard: typeof import("../../lib/cards/update-card").updateCard;
  createCard: typeof import("../../lib/cards/create-card").createCard;
  deleteCard: typeof import("../../lib/cards/delete-card").deleteCard;
  updateLine: typeof import("../../lib/lines/update-line").updateLine;
  createLine: typeof import("../../lib/lines/create-line").createLine;
  deleteLine: typeof import("../../lib/lines/delete-line").deleteLine;
  authenticateApiKey: typeof import("../../lib/auth/api-keys/authenticate-api-key").authenticateApiKey;
  unreadKeyPrincipal: typeof import("../../lib/auth/api-keys/authenticate-api-key").unreadKeyPrincipal;
  cardEtag: typeof import("../../lib/cards/card-etag").cardEtag;
  cardEtagSql: typeof import("../../lib/cards/card-etag-sql").cardEtagSql;
  endPool: () => Promise<void>;
};

const id = (label: string) => `c${label}${randomBytes(8).toString("hex")}`;
const ids = { user: id("u"), other: id("o"), workspace: id("w"), snap: id("s"), card: id("k"), card2: id("k"), line: id("l"), key: id("a") };
let lib: Lib;
let admin: pg.Client;
let apiKey: string;
const owner = (): Principal => ({ userId: ids.user, workspaceId: ids.workspace, role: "member", via: "apiKey", apiKeyId: ids.key });

let statements = 0;
const originalQuery = pg.Client.prototype.query;

/** The statements `work` sends on any pg client of this process. */
async function countStatements(work: () => Promise<unknown>): Promise<number> {
  statements = 0;
  await work();
  return statements;
}

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  admin = new pg.Client({ connectionString: inject("databaseUrl") });
  await admin.connect();
  const { displayPrefix, generateApiKeySecret } = await import("../../lib/auth/api-keys/key-format");
  apiKey = generateApiKeySecret();
  await admin.query(`INSERT INTO "Workspace" (id, name) VALUES ($1, 'W')`, [ids.workspace]);
  await admin.query(
    `INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES ($1, $1 || '@example.com', 'U', 'x', now()), ($2, $2 || '@example.com', 'O', 'x', now())`,
    [ids.user, ids.other],
  );
  await admin.query(`INSERT INTO "Membership" ("userId", "workspaceId", role) VALUES ($1, $3, 'member'), ($2, $3, 'member')`, [
    ids.user,
    ids.other,
    ids.workspace,
  ]);
  await admin.query(`INSERT INTO "ApiKey" (id, "userId", name, prefix, "keyHash") VALUES ($1, $2, 'k', $3, $4)`, [
    ids.key,
    ids.user,
    displayPrefix(apiKey),
    await bcrypt.hash(apiKey, 4),
  ]);
  await admin.query(`INSERT INTO "Snap" (id, "userId", "workspaceId", title) VALUES ($1, $2, $3, 'S')`, [ids.snap, ids.user, ids.workspace]);
  await admin.query(`INSERT INTO "Card" (id, "snapId", row, col, title) VALUES ($1, $3, 0, 0, 'one'), ($2, $3, 0, 1, 'two')`, [ids.card, ids.card2, ids.snap]);
  await admin.query(`INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId") VALUES ($1, $2, $3, $4)`, [ids.line, ids.snap, ids.card, ids.card2]);
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (this !== admin) statements += 1;
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  const { pool } = await import("../../lib/db/client");
  lib = {
    ...(await import("../../lib/cards/update-card")),
    ...(await import("../../lib/cards/create-card")),
    ...(await import("../../lib/cards/delete-card")),
    ...(await import("../../lib/lines/update-line")),
    ...(await import("../../lib/lines/create-line")),
    ...(await import("../../lib/lines/delete-line")),
    ...(await import("../../lib/auth/api-keys/authenticate-api-key")),
    ...(await import("../../lib/cards/card-etag")),
    ...(await import("../../lib/cards/card-etag-sql")),
    endPool: () => pool.end(),
  };
  await lib.authenticateApiKey(apiKey); // proves the key with bcrypt once, as the first request does
  // ... and records its first use off the request's path: wait for that write, not to count it below.
  for (let tries = 0; tries < 500; tries++) {
    const { rows } = await admin.query(`SELECT "lastUsedAt" FROM "ApiKey" WHERE id = $1`, [ids.key]);
    if (rows[0].lastUsedAt) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
});

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await lib?.endPool();
  await admin?.query(`DELETE FROM "Snap" WHERE id = $1`, [ids.snap]);
  await admin?.query(`DELETE FROM "User" WHERE id = ANY($1)`, [[ids.user, ids.other]]);
  await admin?.query(`DELETE FROM "Workspace" WHERE id = $1`, [ids.workspace]);
  await admin?.end();
});

describe("a single write's round trips", () => {
  it("authentication by a proven API key is one statement", async () => {
    expect(await countStatements(() => lib.authenticateApiKey(apiKey))).toBe(1);
  });

  it("a card PATCH is one statement, with If-Match too, and a refused one writes nothing", async () => {
    expect(await countStatements(() => lib.updateCard(owner(), ids.card, { title: "patched" }))).toBe(1);
    const { rows } = await admin.query(
      `SELECT id, row, col, "rowSpan", "colSpan", color, "cellOpacity", "borderRadius", "borderSize", "snapId", title,
      "cellType", completed, note, "textAlign"::text AS "textAlign", "verticalAlign"::text AS "verticalAlign", "fontSize", bold, italic, underline, locked, attachments FROM "Card" WHERE id = $1`,
      [ids.card],
    );
    const tag = lib.cardEtag(rows[0]);
    expect(await countStatements(() => lib.updateCard(owner(), ids.card, { color: "#fde68a" }, { ifMatch: [tag] }))).toBe(1);
    const version = async () => (await admin.query(`SELECT version FROM "Snap" WHERE id = $1`, [ids.snap])).rows[0].version as number;
    const before = await version();
    await expect(lib.updateCard(owner(), ids.card, { color: "#000000" }, { ifMatch: [tag] })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
    const stranger: Principal = { ...owner(), userId: ids.other, apiKeyId: undefined, via: "session" };
    await expect(lib.updateCard(stranger, ids.card, { color: "#000000" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(lib.updateCard(owner(), id("none"), { color: "#000000" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await version()).toBe(before);
  });

  it("a line create and DELETE are one statement each; a line to a card of another snap is refused (400) and writes nothing", async () => {
    let created = "";
    expect(
      await countStatements(async () => {
        created = (await lib.createLine(owner(), ids.snap, { fromCardId: ids.card2, toCardId: ids.card, style: "dashed" })).id;
      }),
    ).toBe(1);
    expect(await countStatements(() => lib.deleteLine(owner(), created))).toBe(1);
    await expect(lib.createLine(owner(), ids.snap, { fromCardId: ids.card2, toCardId: id("none") })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      details: [{ path: "toCardId", message: "No such card in this snap" }],
    });
  });

  it("a card create, a line PATCH and a card DELETE are one statement each", async () => {
    let created = "";
    expect(
      await countStatements(async () => {
        created = (await lib.createCard(owner(), ids.snap, { row: 3, col: 3, title: "new" })).id;
      }),
    ).toBe(1);
    expect(await countStatements(() => lib.updateLine(owner(), ids.line, { color: "#1d4ed8" }))).toBe(1);
    expect(await countStatements(() => lib.deleteCard(owner(), created))).toBe(1);
  });
});

describe("a key read before: the write's statement checks it", () => {
  const title = async () => (await admin.query(`SELECT title FROM "Card" WHERE id = $1`, [ids.card2])).rows[0].title as string;
  const version = async () => (await admin.query(`SELECT version FROM "Snap" WHERE id = $1`, [ids.snap])).rows[0].version as number;
  /** Runs `change` on the key's rows, then puts them back and reads the key again, as the next request would. */
  async function whileChanged(change: string, work: () => Promise<void>): Promise<void> {
    await admin.query(change, [ids.key]);
    try {
      await work();
    } finally {
      await admin.query(`UPDATE "ApiKey" SET "revokedAt" = NULL, access = 'full' WHERE id = $1`, [ids.key]);
      await admin.query(`UPDATE "Membership" SET role = 'member' WHERE "userId" = (SELECT "userId" FROM "ApiKey" WHERE id = $1)`, [ids.key]);
      expect(await lib.authenticateApiKey(apiKey)).toMatchObject({ apiKeyId: ids.key, role: "member" });
    }
  }

  it("a write is one round trip in all: the key is not read first", async () => {
    let principal: Principal | null = null;
    expect(
      await countStatements(async () => {
        principal = lib.unreadKeyPrincipal(apiKey);
      }),
    ).toBe(0);
    expect(principal).toMatchObject({ userId: ids.user, workspaceId: ids.workspace, role: "member", apiKeyId: ids.key, keyUnread: true });
    expect(await countStatements(() => lib.updateCard(principal!, ids.card2, { title: "unread" }))).toBe(1);
    expect(await title()).toBe("unread");
  });

  it("a key revoked since is refused (401), a key made read-only (403), and neither writes", async () => {
    const before = await version();
    const principal = lib.unreadKeyPrincipal(apiKey)!;
    await whileChanged(`UPDATE "ApiKey" SET "revokedAt" = now() WHERE id = $1`, async () => {
      await expect(lib.updateCard(principal, ids.card2, { title: "revoked" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(lib.createLine(principal, ids.snap, { fromCardId: ids.card2, toCardId: ids.card })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      // Found revoked: no longer taken for read, so the next request authenticates as usual.
      expect(lib.unreadKeyPrincipal(apiKey)).toBeNull();
    });
    const again = lib.unreadKeyPrincipal(apiKey)!;
    await whileChanged(`UPDATE "ApiKey" SET access = 'read' WHERE id = $1`, async () => {
      await expect(lib.deleteCard(again, ids.card2)).rejects.toMatchObject({ code: "FORBIDDEN", message: "This API key is read-only" });
    });
    expect(await title()).toBe("unread");
    expect(await version()).toBe(before);
  });

  it("a role changed since: the key is read, and the write done as the role now says", async () => {
    const principal = lib.unreadKeyPrincipal(apiKey)!;
    await whileChanged(`UPDATE "Membership" SET role = 'admin' WHERE "userId" = (SELECT "userId" FROM "ApiKey" WHERE id = $1)`, async () => {
      // The statement (refused: the key's role is not the one read), the key's read, the statement again.
      expect(await countStatements(() => lib.updateCard(principal, ids.card2, { title: "as admin" }))).toBe(3);
      expect(await title()).toBe("as admin");
    });
  });
});

describe("what the one statement relies on", () => {
  it("the history snapshot taken with a write sees that write (a card's new title; a deleted card and its lines gone)", async () => {
    // No entry for the previous version: the next write takes a snapshot.
    await admin.query(`DELETE FROM "SnapHistory" WHERE "snapId" = $1`, [ids.snap]);
    await lib.updateCard(owner(), ids.card2, { title: "seen by the snapshot" });
    const snapshot = async () =>
      (await admin.query(`SELECT snapshot FROM "SnapHistory" WHERE "snapId" = $1 ORDER BY version DESC LIMIT 1`, [ids.snap])).rows[0].snapshot as {
        cards: { id: string; title: string }[];
        lines: { id: string }[];
      };
    expect((await snapshot()).cards.find((card) => card.id === ids.card2)?.title).toBe("seen by the snapshot");
    await admin.query(`DELETE FROM "SnapHistory" WHERE "snapId" = $1`, [ids.snap]);
    await lib.deleteCard(owner(), ids.card);
    const after = await snapshot();
    expect(after.cards.map((card) => card.id)).not.toContain(ids.card);
    expect(after.lines.map((line) => line.id)).not.toContain(ids.line);
    const { rows } = await admin.query(`SELECT data::text AS data FROM "FeedEvent" WHERE "snapId" = $1 AND type = 'cards.deleted'`, [ids.snap]);
    expect(rows.map((row) => row.data)).toContain(JSON.stringify({ cardIds: [ids.card], lineIds: [ids.line] }));
  });

  it("every single write stores its history outline, the one lib/history/outline-history-change.ts makes of its change", async () => {
    const { outlineHistoryChange } = await import("../../lib/history/outline-history-change");
    const latest = async () =>
      (await admin.query(`SELECT change, outline FROM "SnapHistory" WHERE "snapId" = $1 ORDER BY version DESC LIMIT 1`, [ids.snap])).rows[0] as {
        change: Parameters<typeof outlineHistoryChange>[0];
        outline: unknown;
      };
    // Each write gives its own outline (lib/history/history-entry-sql.ts): each is checked against the TypeScript one.
    const outlined = async (expected: Record<string, unknown>) => {
      const entry = await latest();
      expect(entry.outline).toEqual(expected);
      expect(JSON.stringify(entry.outline)).toBe(JSON.stringify(outlineHistoryChange(entry.change)));
    };
    const created = await lib.createCard(owner(), ids.snap, { row: 5, col: 5, title: "outlined" });
    await outlined({ createdCards: [{ id: created.id }] });
    await lib.updateCard(owner(), created.id, { title: "outlined again", bold: true });
    await outlined({ updatedCards: { [created.id]: { title: true, bold: true } } });
    const other = await lib.createCard(owner(), ids.snap, { row: 5, col: 6 });
    const line = await lib.createLine(owner(), ids.snap, { fromCardId: created.id, toCardId: other.id });
    await outlined({ createdLines: [{ id: line.id }] });
    await lib.updateLine(owner(), line.id, { color: "#1d4ed8" });
    await outlined({ updatedLines: [{ id: line.id }] });
    await lib.deleteLine(owner(), line.id);
    await outlined({ deletedLineIds: [line.id] });
    const relined = await lib.createLine(owner(), ids.snap, { fromCardId: other.id, toCardId: created.id });
    await lib.deleteCard(owner(), created.id);
    await outlined({ deletedCardIds: [created.id], deletedLineIds: [relined.id] });
  });

  it("PostgreSQL's card ETag is cardEtag's, whatever the text", async () => {
    const titles = ['quote " and \\ backslash', "line\nbreak\ttab\r\u0001\u001f\u007f", "é ü 漢字 😀 \u2028\u2029", "</script><!--", ""];
    for (const title of titles) {
      const card = await lib.updateCard(owner(), ids.card2, { title, note: Array.from(title).reverse().join("") });
      const { rows } = await admin.query(`SELECT ${lib.cardEtagSql("c")} AS tag FROM "Card" AS c WHERE c.id = $1`, [ids.card2]);
      expect(rows[0].tag).toBe(lib.cardEtag(card));
    }
  });
});
