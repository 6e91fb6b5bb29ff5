import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { OPERATIONS } from "@/lib/operations/registry";
import { undocumentedProblems } from "./documented-response";
import { api, baseUrl, signUp, uniqueEmail, TEST_PASSWORD, type ApiResponse, type Caller } from "./helpers";
import { createTeam, type Team } from "./fixtures";
import { insertSnap } from "./card-fixtures";
import { feedCaughtUp } from "./feed-caught-up";
import { openEventStream } from "./live-helpers";
import { obtainTokens } from "./oauth-helpers";
import { buildZip } from "./zip-builder";
import { excelWorkbook, googleSheetsWorkbook } from "../fixtures/xlsx/workbooks";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Route files under app/api that are not API endpoints, and why; each must still exist. */
const NOT_API: Record<string, string> = {
  "/api/{...path}": "the catch-all that answers unknown /api paths with a 404 error body",
  "/api/auth/{...nextauth}": "Auth.js's own browser sign-in flow (CSRF token, callbacks, sign-out), not an API for integrations",
};

/** Every folder under app/api holding a route.ts, as an OpenAPI path template. */
function routeTemplates(dir = path.resolve("app/api"), prefix = "/api"): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((entry) => entry.isFile() && entry.name === "route.ts") ? [prefix] : [];
  const below = entries
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => routeTemplates(path.join(dir, entry.name), `${prefix}/${entry.name.replace(/^\[(.+)\]$/, "{$1}")}`));
  return [...here, ...below];
}

const probePath = (template: string) => template.replace(/\{\.\.\.[^}]+\}/g, "probe/path").replace(/\{[^}]+\}/g, "probe-id");

let doc: any;
let ajv: Ajv2020;
/** "GET /api/snaps/{id} 200": every real response checked against the document. */
const checked = new Set<string>();

beforeAll(async () => {
  const response = await api("GET", "/api/openapi.json");
  expect(response.status).toBe(200);
  doc = response.body;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, "openapi");
});

/** Asserts that the document describes this real response (tests/api/documented-response.ts) and counts it as covered. */
function expectDocumented(method: string, template: string, response: ApiResponse): void {
  expect(undocumentedProblems(method, template, response.status, response.body, response.headers.get("content-type") ?? "")).toEqual([]);
  checked.add(`${method} ${template} ${response.status}`);
}

/** One call to the real server, checked against the document. */
async function call(
  method: string,
  template: string,
  params: Record<string, string>,
  options: Caller & { body?: unknown; rawBody?: string; headers?: Record<string, string>; query?: string } = {},
) {
  const url = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name]!)) + (options.query ?? "");
  const response = await api(method, url, options);
  expectDocumented(method, template, response);
  return response;
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with the bearer scheme, the error body, and a default error on every operation", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual(
      expect.arrayContaining([
        "BAD_REQUEST",
        "UNAUTHORIZED",
        "FORBIDDEN",
        "NOT_FOUND",
        "INTERNAL_SERVER_ERROR",
        "IDEMPOTENCY_KEY_REUSED",
        "PRECONDITION_FAILED",
      ]),
    );
    for (const [template, item] of Object.entries<any>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        expect(operation.responses.default, `${method} ${template}`).toEqual({ $ref: "#/components/responses/Error" });
        expect(operation.operationId, `${method} ${template}`).toEqual(expect.any(String));
      }
    }
    // Made from the handlers' own zod schemas: bounds, enums and strictness come through.
    expect(doc.components.schemas.CardUpdate.properties.borderRadius).toMatchObject({ type: "integer", minimum: 0, maximum: 24 });
    expect(doc.components.schemas.CardUpdate.additionalProperties).toBe(false);
    expect(doc.components.schemas.SnapCreate.properties.rows).toMatchObject({ default: 1, minimum: 1, maximum: 100 });
    expect(doc.components.schemas.CardBatchCreate.properties.cards.maxItems).toBe(100);
  });

  it("resolves every $ref it makes (an error status an operation declares has its response)", () => {
    const unresolved: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) node.forEach((item, index) => visit(item, `${where}.${index}`));
      else if (node && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
          if (key === "$ref" && typeof value === "string") {
            const target = value
              .replace(/^#\//, "")
              .split("/")
              .reduce<any>((at, part) => at?.[part], doc);
            if (target === undefined) unresolved.push(`${where}: ${value}`);
          } else visit(value, `${where}.${key}`);
        }
      }
    };
    visit(doc, "#");
    expect(unresolved).toEqual([]);
  });

  it("has every route handler under app/api, and no operation the server does not serve", async () => {
    const templates = routeTemplates();
    for (const excluded of Object.keys(NOT_API)) expect(templates, `${excluded} (excluded) no longer exists`).toContain(excluded);
    const mismatches: string[] = [];
    for (const template of templates.filter((candidate) => !(candidate in NOT_API))) {
      // A route's methods are probed at once: hundreds of probes one after another took longer than
      // a test may on a busy machine.
      await Promise.all(
        METHODS.map(async (method) => {
          // Unauthenticated and bodiless: a declared method answers 401, 403 or its result; any other 405.
          const response = await fetch(baseUrl + probePath(template), { method, redirect: "manual" });
          await response.arrayBuffer();
          const served = response.status !== 405;
          const documented = Boolean(doc.paths[template]?.[method.toLowerCase()]);
          if (served !== documented) mismatches.push(`${method} ${template}: ${served ? "served" : "405"} but ${documented ? "documented" : "not documented"}`);
        }),
      );
    }
    for (const template of Object.keys(doc.paths)) if (!templates.includes(template)) mismatches.push(`${template} is documented but has no route.ts`);
    expect(mismatches.sort()).toEqual([]);
  });

  it("has examples that are valid against their schemas", () => {
    const problems: string[] = [];
    const check = (where: string, schemaRef: string, example: unknown) => {
      const validate = ajv.getSchema(`openapi#/${schemaRef.slice(2)}`)!;
      if (!validate(example)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    for (const [template, item] of Object.entries<any>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const body = operation.requestBody?.content["application/json"];
        if (body) check(`${method} ${template} request`, body.schema.$ref, body.example);
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          const media = response.content?.["application/json"];
          if (media?.example !== undefined) check(`${method} ${template} ${status}`, media.schema.$ref, media.example);
        }
      }
    }
    for (const [name, response] of Object.entries<any>(doc.components.responses)) {
      check(name, response.content["application/json"].schema.$ref, response.content["application/json"].example);
    }
    // The handlers' own parsers accept the request examples.
    for (const operation of OPERATIONS) {
      if (operation.body && !operation.body.schema.safeParse(operation.body.example).success)
        problems.push(`${operation.operationId}: zod refuses the example`);
    }
    expect(problems).toEqual([]);
  });
});

describe("real responses validate against the document", () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam();
  });

  it("system, account and API key endpoints", async () => {
    await call("GET", "/api/openapi.json", {});
    await call("GET", "/api/health", {});
    const email = uniqueEmail("openapi");
    await call("POST", "/api/account", {}, { body: { email, password: TEST_PASSWORD, name: "Doc" }, headers: { origin: baseUrl } });
    await call("POST", "/api/account", {}, { body: { email, password: TEST_PASSWORD }, headers: { origin: baseUrl } });
    await call("POST", "/api/account", {}, { body: { email: "not-an-email", password: "x" }, headers: { origin: baseUrl } });

    const created = await call("POST", "/api/keys", {}, { cookie: team.owner.cookie, body: { name: "doc key" } });
    await call("GET", "/api/keys", {}, { cookie: team.owner.cookie });
    await call("GET", "/api/keys", {}, { key: team.owner.key });
    await call("DELETE", "/api/keys/{id}", { id: created.body.apiKey.id }, { cookie: team.owner.cookie });
    await call("DELETE", "/api/keys/{id}", { id: created.body.apiKey.id }, { cookie: team.owner.cookie });
    const { client, tokens } = await obtainTokens(team.owner);
    await call("GET", "/api/snaps", {}, { key: tokens.access_token });
    const apps = await call("GET", "/api/account/connected-apps", {}, { cookie: team.owner.cookie });
    const app = apps.body.apps.find((candidate: { clientId: string }) => candidate.clientId === client.client_id);
    await call("GET", "/api/account/connected-apps", {}, { key: tokens.access_token });
    await call("DELETE", "/api/account/connected-apps/{id}", { id: app.id }, { cookie: team.owner.cookie });
    await call("DELETE", "/api/account/connected-apps/{id}", { id: app.id }, { cookie: team.owner.cookie });
  });

  it("snaps, with idempotent replays, ETags and errors", async () => {
    const owner = { key: team.owner.key };
    const idempotencyKey = randomUUID();
    const created = await call(
      "POST",
      "/api/snaps",
      {},
      { ...owner, body: { title: "Contract", rows: 2, cols: 2 }, headers: { "idempotency-key": idempotencyKey } },
    );
    expect(created.status).toBe(201);
    const replay = await call(
      "POST",
      "/api/snaps",
      {},
      { ...owner, body: { title: "Contract", rows: 2, cols: 2 }, headers: { "idempotency-key": idempotencyKey } },
    );
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    await call("POST", "/api/snaps", {}, { ...owner, body: { title: "Other" }, headers: { "idempotency-key": idempotencyKey } });
    await call("POST", "/api/snaps", {}, { ...owner, body: { rows: 101, extra: 1 } });
    await call("POST", "/api/snaps", {}, { body: {} });
    await call("POST", "/api/snaps", {}, { ...owner, rawBody: "{}", headers: { "content-type": "text/plain" } });
    await call(
      "POST",
      "/api/snaps",
      {},
      { ...owner, rawBody: JSON.stringify({ title: "x".repeat(1_100_000) }), headers: { "content-type": "application/json" } },
    );
    await call("GET", "/api/snaps", {}, owner);

    const id = created.body.snap.id;
    const read = await call("GET", "/api/snaps/{id}", { id }, owner);
    await call("GET", "/api/snaps/{id}", { id }, { ...owner, headers: { "if-none-match": read.headers.get("etag")! } });
    await call("GET", "/api/snaps/{id}", { id }, { key: team.outsider.key });
    await call("GET", "/api/snaps/{id}", { id: "no-such-snap" }, owner);

    const folder = await call("POST", "/api/folders", {}, { ...owner, body: { name: "Contract folder" } });
    await call(
      "PATCH",
      "/api/snaps/{id}",
      { id },
      { ...owner, body: { folderId: folder.body.folder.id, isPublic: true, rowHeights: { "0": 90 } }, headers: { "if-match": read.headers.get("etag")! } },
    );
    await call("PATCH", "/api/snaps/{id}", { id }, { ...owner, body: { title: "stale" }, headers: { "if-match": read.headers.get("etag")! } });
    await call("PATCH", "/api/snaps/{id}", { id }, { key: team.member.key, body: { title: "x" } });

    await call("GET", "/api/v1/workspace/snaps", {}, { ...owner, query: "?search=contract&isPublic=true&limit=5&sortBy=title&sortOrder=asc" });
    await call("GET", "/api/v1/workspace/snaps", {}, { ...owner, query: "?limit=0" });

    await call("GET", "/api/folders", {}, owner);
    await call("PATCH", "/api/folders/{id}", { id: folder.body.folder.id }, { ...owner, body: { name: "Renamed" } });
    await call("GET", "/api/snaps", {}, owner);
    await call("DELETE", "/api/folders/{id}", { id: folder.body.folder.id }, owner);
    await call("DELETE", "/api/snaps/{id}", { id }, owner);
    await call("DELETE", "/api/snaps/{id}", { id }, owner);
  });

  it("cards, batches and lines", async () => {
    const owner = { key: team.owner.key };
    const snap = await insertSnap(team.owner, { cards: 2 });
    const card = await call(
      "POST",
      "/api/snaps/cards/{id}",
      { id: snap.id },
      { ...owner, body: { row: 1, col: 0, title: "New", cellType: "todo" }, headers: { "idempotency-key": randomUUID() } },
    );
    const cardId = card.body.card.id;
    const read = await call("GET", "/api/snaps/cards/{id}", { id: cardId }, owner);
    await call("GET", "/api/snaps/cards/{id}", { id: cardId }, { ...owner, headers: { "if-none-match": read.headers.get("etag")! } });
    await call(
      "PATCH",
      "/api/snaps/cards/{id}",
      { id: cardId },
      { ...owner, body: { completed: true, fontSize: "text-2xl" }, headers: { "if-match": read.headers.get("etag")! } },
    );
    await call("PATCH", "/api/snaps/cards/{id}", { id: cardId }, { ...owner, body: { completed: false }, headers: { "if-match": read.headers.get("etag")! } });
    await call("PATCH", "/api/snaps/cards/{id}", { id: cardId }, { ...owner, body: { borderRadius: 25 } });
    await call("GET", "/api/snaps/cards/{id}", { id: cardId }, { key: team.outsider.key });

    await call(
      "POST",
      "/api/snaps/cards/batch",
      {},
      {
        ...owner,
        body: {
          cards: [
            { snapId: snap.id, row: 2, col: 0, title: "a" },
            { snapId: snap.id, row: 2, col: 1, bold: true },
          ],
        },
      },
    );
    await call("POST", "/api/snaps/cards/batch", {}, { ...owner, body: { cards: [{ snapId: "no-such-snap", row: 0, col: 0 }] } });
    await call("PATCH", "/api/snaps/cards/batch", {}, { ...owner, body: { updates: snap.cardIds.map((id) => ({ id, color: "#fde68a" })) } });
    await call(
      "PATCH",
      "/api/snaps/cards/batch",
      {},
      {
        ...owner,
        body: {
          updates: [
            { id: snap.cardIds[0], title: "x" },
            { id: snap.cardIds[0], title: "y" },
          ],
        },
      },
    );

    const line = await call("POST", "/api/snaps/{id}/lines", { id: snap.id }, { ...owner, body: { fromCardId: snap.cardIds[0], toCardId: snap.cardIds[1] } });
    await call("PATCH", "/api/lines/{id}", { id: line.body.line.id }, { ...owner, body: { style: "dashed", arrow: "both" } });
    await call("GET", "/api/snaps/{id}", { id: snap.id }, owner);
    await call("DELETE", "/api/lines/{id}", { id: line.body.line.id }, owner);
    await call("DELETE", "/api/snaps/cards/{id}", { id: cardId }, owner);

    await call(
      "POST",
      "/api/snaps/{id}/changes",
      { id: snap.id },
      {
        ...owner,
        body: {
          update: [
            { id: snap.cardIds[0], col: 1 },
            { id: snap.cardIds[1], col: 0 },
          ],
          create: [{ row: 5, col: 0, title: "c" }],
        },
      },
    );
    await call("POST", "/api/snaps/{id}/changes", { id: snap.id }, { ...owner, body: { create: [{ row: 5, col: 0 }] } });
    await call("PUT", "/api/snaps/{id}/range", { id: snap.id }, { ...owner, body: { row: 6, col: 0, values: [["a", null, "b"]] } });
    await call("GET", "/api/snaps/{id}/range", { id: snap.id }, { ...owner, query: "?row=5&col=0&rows=2&cols=3" });
  });

  it("workspace members and invitations", async () => {
    const newcomer = await signUp("openapi-member");
    const admin = { key: team.admin.key };
    await call("GET", "/api/workspace/members", {}, admin);
    const invited = await call("POST", "/api/workspace/members", {}, { ...admin, body: { email: newcomer.email, role: "member" } });
    expect(invited.status).toBe(202);
    await call("GET", "/api/workspace/invitations", {}, admin);
    await call("GET", "/api/workspace/invitations", {}, { key: team.member.key });
    await call("GET", "/api/invitations", {}, { cookie: newcomer.cookie });
    await call("POST", "/api/invitations/{id}/accept", { id: invited.body.invitation.id }, { key: team.member.key });
    const accepted = await call("POST", "/api/invitations/{id}/accept", { id: invited.body.invitation.id }, { cookie: newcomer.cookie });
    expect(accepted.status).toBe(200);
    const declining = await signUp("openapi-declining");
    const second = await call("POST", "/api/workspace/members", {}, { ...admin, body: { email: declining.email } });
    await call("POST", "/api/invitations/{id}/decline", { id: second.body.invitation.id }, { cookie: declining.cookie });
    await call("POST", "/api/invitations/{id}/decline", { id: second.body.invitation.id }, { cookie: declining.cookie });
    const third = await call("POST", "/api/workspace/members", {}, { ...admin, body: { email: "openapi-nobody@example.test" } });
    await call("DELETE", "/api/workspace/invitations/{id}", { id: third.body.invitation.id }, { key: team.member.key });
    await call("DELETE", "/api/workspace/invitations/{id}", { id: third.body.invitation.id }, admin);
    await call("DELETE", "/api/workspace/invitations/{id}", { id: third.body.invitation.id }, admin);
    await call("PATCH", "/api/workspace/members/{userId}", { userId: newcomer.id }, { ...admin, body: { role: "admin" } });
    await call("PATCH", "/api/workspace/members/{userId}", { userId: newcomer.id }, { key: team.member.key, body: { role: "member" } });
    await call("DELETE", "/api/workspace/members/{userId}", { userId: newcomer.id }, admin);
  });

  it("board members, guests and board invitations", async () => {
    const owner = { key: team.owner.key };
    const snap = await insertSnap(team.owner, { cards: 0 });
    const invited = await call("POST", "/api/snaps/{id}/members", { id: snap.id }, { ...owner, body: { email: team.outsider.email, role: "commenter" } });
    expect(invited.status).toBe(202);
    await call("POST", "/api/snaps/{id}/members", { id: snap.id }, { ...owner, body: { email: "not-an-email", role: "commenter" } });
    await call("GET", "/api/invitations", {}, { key: team.outsider.key });
    const accepted = await call("POST", "/api/invitations/{id}/accept", { id: invited.body.invitation.id }, { key: team.outsider.key });
    expect(accepted.body.kind).toBe("board");
    await call("GET", "/api/snaps/{id}/members", { id: snap.id }, owner);
    await call("GET", "/api/snaps/{id}/members", { id: snap.id }, { key: team.outsider.key });
    await call("GET", "/api/snaps/shared-with-me", {}, { key: team.outsider.key });
    await call("GET", "/api/workspace/guests", {}, { key: team.admin.key });
    await call("GET", "/api/workspace/guests", {}, { key: team.member.key });
    await call("PATCH", "/api/snaps/{id}/members/{userId}", { id: snap.id, userId: team.outsider.id }, { ...owner, body: { role: "viewer" } });
    await call("PATCH", "/api/snaps/{id}/members/{userId}", { id: snap.id, userId: team.outsider.id }, { key: team.outsider.key, body: { role: "editor" } });
    const pending = await call(
      "POST",
      "/api/snaps/{id}/members",
      { id: snap.id },
      { ...owner, body: { email: "openapi-board-nobody@example.test", role: "viewer" } },
    );
    await call("DELETE", "/api/snaps/{id}/invitations/{invitationId}", { id: snap.id, invitationId: pending.body.invitation.id }, owner);
    await call("DELETE", "/api/snaps/{id}/invitations/{invitationId}", { id: snap.id, invitationId: pending.body.invitation.id }, owner);
    await call("DELETE", "/api/snaps/{id}/members/{userId}", { id: snap.id, userId: team.outsider.id }, owner);
    await call("DELETE", "/api/snaps/{id}/members/{userId}", { id: snap.id, userId: team.outsider.id }, owner);
    const again = await call("POST", "/api/snaps/{id}/members", { id: snap.id }, { ...owner, body: { email: team.outsider.email, role: "viewer" } });
    await call("POST", "/api/invitations/{id}/accept", { id: again.body.invitation.id }, { key: team.outsider.key });
    await call("DELETE", "/api/workspace/guests/{userId}", { userId: team.outsider.id }, { key: team.admin.key });
    await call("DELETE", "/api/workspace/guests/{userId}", { userId: team.outsider.id }, { key: team.admin.key });
  });

  it("search", async () => {
    await call("GET", "/api/search", {}, { key: team.owner.key, query: "?q=untitled&limit=1" });
    await call("GET", "/api/search", {}, { key: team.owner.key, query: "?q=%20" });
    await call("GET", "/api/search", {}, { query: "?q=x" });
  });

  it("audit log, password and signing out everywhere", async () => {
    await call("GET", "/api/workspace/audit-log", {}, { cookie: team.admin.cookie, query: "?limit=2&action=apikey" });
    await call("GET", "/api/workspace/audit-log", {}, { key: team.member.key });
    await call("GET", "/api/workspace/audit-log", {}, { key: team.admin.key, query: "?limit=500" });
    const user = await signUp("openapi-account");
    await call("PUT", "/api/account/password", {}, { cookie: user.cookie, body: { currentPassword: "wrong-one-1", newPassword: "battery-staple-97" } });
    await call("PUT", "/api/account/password", {}, { cookie: user.cookie, body: { currentPassword: TEST_PASSWORD, newPassword: "battery-staple-97" } });
    const again = await signUp("openapi-everywhere");
    await call("POST", "/api/account/sign-out-everywhere", {}, { key: team.owner.key });
    await call("POST", "/api/account/sign-out-everywhere", {}, { cookie: again.cookie });
  });

  it("the MCP endpoint", async () => {
    const headers = { accept: "application/json, text/event-stream" };
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "doc", version: "1" } },
    };
    const initialized = await call("POST", "/api/mcp", {}, { key: team.owner.key, body: initialize, headers });
    await call("POST", "/api/mcp", {}, { key: team.owner.key, body: { jsonrpc: "2.0", method: "notifications/initialized" }, headers });
    await call("POST", "/api/mcp", {}, { body: initialize, headers });
    // A 2025 client's session: its notification stream (not JSON, so checked by its media type), then its end.
    const session = { "mcp-session-id": initialized.headers.get("mcp-session-id")! };
    const abort = new AbortController();
    const stream = await fetch(`${baseUrl}/api/mcp`, {
      headers: { authorization: `Bearer ${team.owner.key}`, accept: "text/event-stream", ...session },
      signal: abort.signal,
    });
    expect([stream.status, stream.headers.get("content-type")]).toEqual([200, "text/event-stream"]);
    abort.abort();
    expect(Object.keys(doc.paths["/api/mcp"].get.responses[200].content)).toEqual(["text/event-stream"]);
    checked.add("GET /api/mcp 200");
    await call("DELETE", "/api/mcp", {}, { key: team.owner.key, headers: session });
    await call("GET", "/api/mcp", {}, { key: team.owner.key, headers: session });
    await call("GET", "/api/mcp", {}, { key: team.owner.key });
  });

  it("live updates: the event stream and presence", async () => {
    const owner = { key: team.owner.key };
    const id = (await call("POST", "/api/snaps", {}, { ...owner, body: {} })).body.snap.id;
    const stream = await openEventStream(id, owner);
    const ready = await stream.next("ready");
    stream.close();
    // An event stream is not JSON: its 200 is documented as text/event-stream.
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(Object.keys(doc.paths["/api/snaps/{id}/events"].get.responses[200].content)).toEqual(["text/event-stream"]);
    checked.add("GET /api/snaps/{id}/events 200");
    await call("GET", "/api/snaps/{id}/events", { id: "no-such-snap" }, owner);
    await call("GET", "/api/snaps/{id}/events", { id }, { ...owner, query: "?since=x" });
    await call("PUT", "/api/snaps/{id}/presence", { id }, { ...owner, body: { connectionId: ready.data.connectionId, editingCardId: null } });
    await call("PUT", "/api/snaps/{id}/presence", { id }, { ...owner, body: { connectionId: "nope" } });
    const patched = await call("PATCH", "/api/snaps/{id}", { id }, { ...owner, body: { title: "Live" }, headers: { "base-version": "1" } });
    expect(patched.headers.get("snap-version")).toBe("2");
  });

  it("webhooks and the event feed", async () => {
    const owner = { key: team.owner.key };
    const created = await call("POST", "/api/webhooks", {}, { ...owner, body: { url: "https://hooks.example.com/doc", events: ["cards.updated"] } });
    const id = created.body.webhook.id;
    await call("POST", "/api/webhooks", {}, { ...owner, body: { url: "http://127.0.0.1/doc" } });
    await call("GET", "/api/webhooks", {}, owner);
    await call("GET", "/api/webhooks/{id}", { id }, owner);
    await call("GET", "/api/webhooks/{id}", { id: "no-such-webhook" }, owner);
    await call("PATCH", "/api/webhooks/{id}", { id }, { ...owner, body: { enabled: false } });
    await call("POST", "/api/webhooks/{id}/rotate-secret", { id }, owner);
    const test = await call("POST", "/api/webhooks/{id}/test", { id }, owner);
    await call("GET", "/api/webhooks/{id}/deliveries", { id }, { ...owner, query: "?limit=5" });
    await call("POST", "/api/webhooks/{id}/deliveries/{deliveryId}/retry", { id, deliveryId: test.body.deliveryId }, owner);
    await call("DELETE", "/api/webhooks/{id}", { id }, owner);
    await call("POST", "/api/snaps", {}, { ...owner, body: { title: "Feed doc" } });
    // The feed shows an event once every older transaction has ended: another file's open one may hold it back a moment.
    await feedCaughtUp();
    const feed = await call("GET", "/api/events", {}, { ...owner, query: "?limit=1" });
    expect(feed.body.events).toHaveLength(1);
    await call("GET", "/api/events", {}, { ...owner, query: `?after=${feed.body.nextCursor}&types=snap.created` });
    await call("GET", "/api/events", {}, { ...owner, query: `?after=${Buffer.from(`1.1.${Date.now() - 40 * 86_400_000}`).toString("base64url")}` });
    expect(Object.keys(doc.webhooks)).toContain("cards.updated");
  });

  it("export, import, duplicate and templates", async () => {
    const owner = { key: team.owner.key };
    const id = (await call("POST", "/api/snaps", {}, { ...owner, body: { title: "Travels", rows: 1, cols: 2 } })).body.snap.id;
    const exported = await call("GET", "/api/snaps/{id}/export", { id }, owner);
    await call("GET", "/api/snaps/{id}/export", { id }, { ...owner, query: "?format=gif" });
    await call("GET", "/api/snaps/{id}/export", { id }, { key: team.outsider.key });
    const dryRun = await call("POST", "/api/snaps/import", {}, { ...owner, body: exported.body, query: "?dryRun=true" });
    expect(dryRun.status).toBe(200);
    expect((await call("POST", "/api/snaps/import", {}, { ...owner, body: exported.body })).status).toBe(201);
    await call("POST", "/api/snaps/import", {}, { ...owner, body: { ...exported.body, formatVersion: 9 } });
    expect((await call("POST", "/api/snaps/{id}/duplicate", { id }, { ...owner, body: { title: "Again" } })).status).toBe(201);
    await call("POST", "/api/snaps/{id}/duplicate", { id }, { key: team.outsider.key, body: {} });
    await call("GET", "/api/templates", {}, owner);
    const template = await call("POST", "/api/templates", {}, { ...owner, body: { snapId: id, name: "Doc template" } });
    expect((await call("POST", "/api/snaps", {}, { ...owner, body: { templateId: template.body.template.id, title: "From template" } })).status).toBe(201);
    await call("DELETE", "/api/templates/{id}", { id: "builtin-kanban" }, owner);
    await call("DELETE", "/api/templates/{id}", { id: template.body.template.id }, owner);
  });

  it("history and restore", async () => {
    const owner = { key: team.owner.key };
    const snap = (await call("POST", "/api/snaps", {}, { ...owner, body: { rows: 1, cols: 2 } })).body.snap;
    await call("PATCH", "/api/snaps/{id}", { id: snap.id }, { ...owner, body: { title: "Second" } });
    await call("GET", "/api/snaps/{id}/history", { id: snap.id }, { ...owner, query: "?limit=1" });
    await call("GET", "/api/snaps/{id}/history", { id: snap.id }, { ...owner, query: "?limit=x" });
    await call("GET", "/api/snaps/{id}/versions/{version}", { id: snap.id, version: "1" }, owner);
    await call("GET", "/api/snaps/{id}/versions/{version}", { id: snap.id, version: "9" }, owner);
    await call("GET", "/api/snaps/{id}/versions/{version}", { id: snap.id, version: "x" }, owner);
    await call("POST", "/api/snaps/{id}/restore", { id: snap.id }, { ...owner, body: { version: 1 } });
    await call("POST", "/api/snaps/{id}/restore", { id: snap.id }, { key: team.outsider.key, body: { version: 1 } });
  });

  it("comments, notifications and the email preference", async () => {
    const owner = { key: team.owner.key };
    const member = { key: team.member.key };
    const snap = (await call("POST", "/api/snaps", {}, { ...owner, body: { rows: 1, cols: 1 } })).body.snap;
    await call("PATCH", "/api/snaps/{id}", { id: snap.id }, { ...owner, body: { sharedWithWorkspace: true, shareMode: "comment" } });
    const created = await call(
      "POST",
      "/api/snaps/{id}/comments",
      { id: snap.id },
      { ...member, body: { body: `<@${team.owner.id}> hello`, cardId: snap.cards[0].id } },
    );
    expect(created.status).toBe(201);
    const id = created.body.comment.id;
    await call("POST", "/api/snaps/{id}/comments", { id: snap.id }, { ...member, body: { body: "" } });
    await call("POST", "/api/snaps/{id}/comments", { id: snap.id }, { key: team.outsider.key, body: { body: "x" } });
    await call("GET", "/api/snaps/{id}/comments", { id: snap.id }, { ...owner, query: "?limit=1" });
    await call("GET", "/api/snaps/{id}/comments", { id: snap.id }, { ...owner, query: "?limit=x" });
    await call("PATCH", "/api/comments/{id}", { id }, { ...member, body: { body: "edited" } });
    await call("PATCH", "/api/comments/{id}", { id }, { ...owner, body: { body: "not mine" } });
    await call("POST", "/api/comments/{id}/resolve", { id }, { ...owner, body: { resolved: true } });
    await call("POST", "/api/comments/{id}/resolve", { id: "no-such-comment" }, { ...owner, body: { resolved: true } });
    const inbox = await call("GET", "/api/notifications", {}, { ...owner, query: "?unreadOnly=true" });
    await call("GET", "/api/notifications", {}, { ...owner, query: "?limit=0" });
    await call("POST", "/api/notifications/read", {}, { ...owner, body: { ids: [inbox.body.notifications[0].id] } });
    await call("POST", "/api/notifications/read", {}, { ...owner, body: { all: false } });
    await call("DELETE", "/api/comments/{id}", { id }, owner);
    await call("DELETE", "/api/comments/{id}", { id }, owner);
    // The inbox's stream is not JSON: its 200 is documented as text/event-stream.
    const abort = new AbortController();
    const stream = await fetch(`${baseUrl}/api/notifications/stream`, { headers: { authorization: `Bearer ${team.owner.key}` }, signal: abort.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    abort.abort();
    expect(Object.keys(doc.paths["/api/notifications/stream"].get.responses[200].content)).toEqual(["text/event-stream"]);
    checked.add("GET /api/notifications/stream 200");
    await call("GET", "/api/notifications/stream", {}, {});
    await call("GET", "/api/account", {}, member);
    await call("PATCH", "/api/account", {}, { ...member, body: { emailNotifications: "daily" } });
    await call("PATCH", "/api/account", {}, { ...member, body: { emailNotifications: "weekly" } });
    // The server's secret signs the token: this process reads its configuration again with it.
    process.env.AUTH_SECRET = inject("authSecret");
    (await import("../../lib/config")).reloadConfig();
    const { createUnsubscribeToken } = await import("../../lib/email/unsubscribe-token");
    await call("POST", "/api/account/unsubscribe", {}, { query: `?token=${createUnsubscribeToken(team.member.id)}` });
    await call("POST", "/api/account/unsubscribe", {}, { query: "?token=forged" });
    expect(Object.keys(doc.webhooks)).toContain("comment.created");
  });

  it("files", async () => {
    const owner = { key: team.owner.key };
    const snap = (await call("POST", "/api/snaps", {}, { ...owner, body: { rows: 1, cols: 1 } })).body.snap;
    const text = { "content-type": "text/plain" };
    const uploaded = await call("POST", "/api/snaps/{id}/files", { id: snap.id }, { ...owner, rawBody: "notes", headers: text, query: "?name=notes.txt" });
    expect(uploaded.status).toBe(201);
    await call("POST", "/api/snaps/{id}/files", { id: snap.id }, { key: team.outsider.key, rawBody: "x", headers: text });
    await call("GET", "/api/snaps/{id}/files", { id: snap.id }, { ...owner, query: "?limit=1" });
    await call("GET", "/api/snaps/{id}/files", { id: snap.id }, { ...owner, query: "?limit=x" });
    await call("GET", "/api/files/{id}", { id: uploaded.body.file.id }, owner);
    await call("GET", "/api/files/{id}", { id: uploaded.body.file.id }, { key: team.outsider.key });
    await call("DELETE", "/api/files/{id}", { id: uploaded.body.file.id }, owner);
    // A .snap.zip is bytes, not a string: sent with fetch and checked the same way.
    const archive = buildZip([
      { name: "snap.json", data: JSON.stringify({ format: "snap-board", formatVersion: 1, snap: { title: "Zip", rows: 1, cols: 1 }, cards: [] }) },
    ]);
    for (const [query, bytes] of [
      ["", archive],
      ["?dryRun=true", archive],
      ["", Buffer.from("not a zip")],
    ] as const) {
      const response = await fetch(`${baseUrl}/api/snaps/import/zip${query}`, {
        method: "POST",
        headers: { authorization: `Bearer ${team.owner.key}`, "content-type": "application/zip" },
        body: new Uint8Array(bytes),
      });
      expectDocumented("POST", "/api/snaps/import/zip", { status: response.status, body: await response.json(), headers: response.headers });
    }
  });

  it("imports from CSV, Trello and .xlsx", async () => {
    const owner = { key: team.owner.key };
    const csv = { "content-type": "text/csv" };
    for (const query of ["", "?dryRun=true"]) {
      await call("POST", "/api/snaps/import/csv", {}, { ...owner, rawBody: "Task,Owner\r\nShip,Ada\r\n", headers: csv, query });
    }
    await call("POST", "/api/snaps/import/csv", {}, { ...owner, rawBody: '"unclosed', headers: csv });
    const trello = JSON.parse(readFileSync(new URL("../fixtures/trello/launch-board.json", import.meta.url), "utf8")) as unknown;
    for (const query of ["", "?dryRun=true"]) await call("POST", "/api/snaps/import/trello", {}, { ...owner, body: trello, query });
    await call("POST", "/api/snaps/import/trello", {}, { ...owner, body: { not: "trello" } });
    // A workbook is bytes, not a string: sent with fetch and checked the same way.
    for (const [query, bytes] of [
      ["", excelWorkbook()],
      ["?dryRun=true", googleSheetsWorkbook()],
      ["", Buffer.from("not a workbook")],
    ] as const) {
      const response = await fetch(`${baseUrl}/api/snaps/import/xlsx${query}`, {
        method: "POST",
        headers: { authorization: `Bearer ${team.owner.key}`, "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
        body: new Uint8Array(bytes),
      });
      expectDocumented("POST", "/api/snaps/import/xlsx", { status: response.status, body: await response.json(), headers: response.headers });
    }
  });

  it("runs a large import as a job: 202, then the job's 202 and 201", async () => {
    const headers = { authorization: `Bearer ${team.owner.key}`, "content-type": "text/csv", prefer: "respond-async" };
    const queued = await fetch(`${baseUrl}/api/snaps/import/csv`, { method: "POST", headers, body: "a,b\r\n" });
    const body = await queued.json();
    expectDocumented("POST", "/api/snaps/import/csv", { status: queued.status, body, headers: queued.headers });
    expect(queued.status).toBe(202);
    const read = async () => {
      const response = await fetch(`${baseUrl}${body.job.url}`, { headers: { authorization: `Bearer ${team.owner.key}` } });
      expectDocumented("GET", "/api/import-jobs/{id}", { status: response.status, body: await response.json(), headers: response.headers });
      return response.status;
    };
    await expect.poll(read, { timeout: 20_000, interval: 100 }).toBe(201);
    const missing = await fetch(`${baseUrl}/api/import-jobs/cnosuchjob`, { headers: { authorization: `Bearer ${team.owner.key}` } });
    expectDocumented("GET", "/api/import-jobs/{id}", { status: missing.status, body: await missing.json(), headers: missing.headers });
  });

  it("covered the success response of every operation", () => {
    const missing = OPERATIONS.filter((operation) => !checked.has(`${operation.method.toUpperCase()} ${operation.path} ${operation.success.status}`)).map(
      (operation) => `${operation.method.toUpperCase()} ${operation.path}`,
    );
    expect(missing).toEqual([]);
  });
});
