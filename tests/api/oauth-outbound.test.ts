import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../setup/app-server";
import { api, baseUrl as suiteBaseUrl, databaseUrl, signIn, TEST_PASSWORD, uniqueEmail, type TestUser } from "./helpers";
import { authorize, authorizeQuery, consentForm, decide, pkce, REDIRECT_URI, tokenRequest } from "./oauth-helpers";

/** Client ID metadata documents and the registration limit: a server of its own, allowed to reach loopback. */
let app: AppServer;
let documents: Server;
let documentsBase: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  documents = createServer((request, response) => {
    const path = request.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const self = `${documentsBase}${path}`;
    const bodies: Record<string, unknown> = {
      "/client.json": { client_id: self, client_name: "Document App", redirect_uris: [REDIRECT_URI] },
      "/impostor.json": { client_id: `${documentsBase}/client.json`, client_name: "Impostor", redirect_uris: [REDIRECT_URI] },
      "/large.json": { client_id: self, client_name: "Large", redirect_uris: [REDIRECT_URI], padding: "x".repeat(6000) },
    };
    const body = bodies[path];
    response.writeHead(body ? 200 : 404, { "content-type": "application/json", "cache-control": "max-age=600" });
    response.end(body ? JSON.stringify(body) : "{}");
  });
  await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
  documentsBase = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  app = await startAppServer({
    databaseUrl,
    authSecret: inject("authSecret"),
    env: { OUTBOUND_ALLOW_PRIVATE_URLS: "true", RATE_LIMIT_OAUTH_REGISTRATIONS_PER_IP: "3" },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  documents?.close();
});

// Fetching a document is charged to the registration budget of the caller's address, counted in the
// store every instance shares: each fetch here comes from an address of its own.
const fromNewAddress = () => ({ "x-forwarded-for": `198.18.${randomBytes(1)[0]!}.${randomBytes(1)[0]! % 250}` });

async function signUpOn(base: string): Promise<TestUser> {
  const email = uniqueEmail("oauth-doc");
  const created = await api("POST", "/api/account", { body: { email, password: TEST_PASSWORD, name: "Doc" }, headers: { origin: base }, baseUrl: base });
  const cookie = await signIn(email, TEST_PASSWORD, base);
  return { id: created.body.user.id, email, cookie: cookie! };
}

describe("client ID metadata documents", () => {
  it("fetches an https (here, with private URLs allowed, http) client_id, uses its name and redirect URIs, and caches it", async () => {
    const user = await signUpOn(app.baseUrl);
    const clientId = `${documentsBase}/client.json`;
    const client = { client_id: clientId, redirect_uris: [REDIRECT_URI] };
    const { verifier, challenge } = pkce();
    const query = authorizeQuery(client, challenge);
    expect((await authorize(query, app.baseUrl, fromNewAddress())).status).toBe(302);
    const form = await consentForm(user, query, app.baseUrl);
    expect(form.html).toContain("Document App");
    expect(form.html).not.toContain("Unverified");
    const allowed = await decide(user, form, "allow", {}, app.baseUrl);
    const code = new URL(allowed.headers.get("location")!).searchParams.get("code")!;
    const tokens = await tokenRequest(
      { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId },
      {},
      app.baseUrl,
    );
    expect(tokens.status).toBe(200);
    // Fetched once: the authorization, the consent page, its post and the token request all used the cached copy.
    expect(hits.get("/client.json")).toBe(1);
  });

  it("refuses a document that names another client_id, or is over 5 KB, with the 400 page", async () => {
    for (const path of ["/impostor.json", "/large.json", "/missing.json"]) {
      const query = authorizeQuery({ client_id: `${documentsBase}${path}`, redirect_uris: [REDIRECT_URI] }, pkce().challenge);
      const response = await authorize(query, app.baseUrl, fromNewAddress());
      expect(response.status, path).toBe(400);
    }
  });

  it("without OUTBOUND_ALLOW_PRIVATE_URLS, an http or loopback client_id is never fetched", async () => {
    const before = hits.get("/client.json") ?? 0;
    for (const clientId of [`${documentsBase}/client.json`, `https://127.0.0.1:${new URL(documentsBase).port}/client.json`, "https://localhost/client.json"]) {
      const response = await authorize(authorizeQuery({ client_id: clientId, redirect_uris: [REDIRECT_URI] }, pkce().challenge), suiteBaseUrl);
      expect(response.status, clientId).toBe(400);
    }
    expect(hits.get("/client.json") ?? 0).toBe(before);
  });
});

describe("registration limit", () => {
  it("limits registrations per client address (429 past the limit)", async () => {
    // An address of this test's own: the counters are shared with every instance on the database.
    const address = `198.51.${randomBytes(1)[0]!}.${randomBytes(1)[0]! % 250}`;
    const register = () =>
      fetch(`${app.baseUrl}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" }),
      });
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await register()).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
