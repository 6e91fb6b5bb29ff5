/**
 * The OAuth findings of the second probe (docs/SECURITY.md, "Probe findings, round two") that need
 * a server of their own: low OAuth budgets, client ID metadata documents on loopback, its log
 * captured, single sign-on configured, and AUTH_URL naming it by 127.0.0.1.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../setup/app-server";
import { listenTestOidcProvider, type TestOidcProvider } from "../e2e/oidc-test-provider";
import { sql } from "./fixtures";
import { api, databaseUrl, signIn, TEST_PASSWORD, uniqueEmail, type TestUser } from "./helpers";
import { authorizeQuery, consentForm, decide, pkce, REDIRECT_URI } from "./oauth-helpers";

const NEW_CLIENTS_PER_ADDRESS = 3;
const TOKEN_REQUESTS_PER_ADDRESS = 5;

let app: AppServer;
let documents: Server;
let documentsBase: string;
let provider: TestOidcProvider;
let output = "";
const hits = new Map<string, number>();

// The OAuth budgets are counted per address in the store every instance shares: each test speaks
// from addresses of its own (the test servers trust one proxy's X-Forwarded-For).
const newAddress = () => `203.0.${randomBytes(1)[0]!}.${randomBytes(1)[0]! % 250}`;

beforeAll(async () => {
  documents = createServer((request, response) => {
    const path = request.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    // Every document names itself; none may be cached.
    response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    response.end(JSON.stringify({ client_id: `${documentsBase}${path}`, client_name: "Document App", redirect_uris: [REDIRECT_URI] }));
  });
  await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
  documentsBase = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  provider = await listenTestOidcProvider();
  provider.start("http://127.0.0.1:9/unused");
  app = await startAppServer({
    databaseUrl,
    authSecret: inject("authSecret"),
    env: {
      OUTBOUND_ALLOW_PRIVATE_URLS: "true",
      RATE_LIMIT_OAUTH_REGISTRATIONS_PER_IP: String(NEW_CLIENTS_PER_ADDRESS),
      RATE_LIMIT_OAUTH_TOKENS_PER_IP: String(TOKEN_REQUESTS_PER_ADDRESS),
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      LOG_LEVEL: "info",
    },
    envOfBaseUrl: (baseUrl) => ({ AUTH_URL: baseUrl }),
    onOutput: (text) => (output += text),
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await provider?.stop();
  documents?.close();
});

const authorizeFrom = (address: string, query: URLSearchParams) =>
  fetch(`${app.baseUrl}/oauth/authorize?${query}`, { redirect: "manual", headers: { "x-forwarded-for": address } });

const registerFrom = (address: string, redirectUri: string) =>
  fetch(`${app.baseUrl}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ client_name: "Probe", redirect_uris: [redirectUri], token_endpoint_auth_method: "none" }),
  });

async function signUpOnApp(): Promise<TestUser> {
  const email = uniqueEmail("oauth-hardening");
  const created = await api("POST", "/api/account", {
    body: { email, password: TEST_PASSWORD, name: "Probe" },
    headers: { origin: app.baseUrl },
    baseUrl: app.baseUrl,
  });
  return { id: created.body.user.id, email, cookie: (await signIn(email, TEST_PASSWORD, app.baseUrl))! };
}

describe("no redirect before a person has seen the consent page", () => {
  it("a bad request of a client whose redirect URI is anyone's is shown on this server's page, signed in or not", async () => {
    const address = newAddress();
    const user = await signUpOnApp();
    for (const redirectUri of ["https://evil.example/phish", "ms-settings:privacy"]) {
      const client = await (await registerFrom(address, redirectUri)).json();
      const { challenge } = pkce();
      const bad = [
        authorizeQuery(client, challenge, { response_type: "token" }),
        authorizeQuery(client, challenge, { code_challenge_method: "plain" }),
        authorizeQuery(client, challenge, { scope: "admin" }),
        authorizeQuery(client, challenge, { resource: "https://elsewhere.example/api" }),
      ];
      for (const query of bad) {
        const response = await authorizeFrom(address, query);
        expect({ redirectUri, query: `${query}`, status: response.status, location: response.headers.get("location") }).toEqual({
          redirectUri,
          query: `${query}`,
          status: 400,
          location: null,
        });
        expect(await response.text()).toContain("This app cannot be connected");
        // The consent page, signed in, shows it too instead of sending the browser to the app.
        const page = await consentForm(user, query, app.baseUrl);
        expect(page.status).toBe(200);
        expect(page.html).toContain("This app cannot be connected");
        expect(page.consentToken).toBe("");
      }
    }
  });
});

describe("client ID metadata documents", () => {
  it("share the registration budget of the address, are kept in memory until a grant, and are fetched once per authorization", async () => {
    const address = newAddress();
    const clientIds = Array.from({ length: NEW_CLIENTS_PER_ADDRESS + 1 }, () => `${documentsBase}/${randomBytes(6).toString("hex")}.json`);
    const statuses = [];
    for (const clientId of clientIds) {
      const response = await authorizeFrom(address, authorizeQuery({ client_id: clientId, redirect_uris: [REDIRECT_URI] }, pkce().challenge));
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([302, 302, 302, 429]);
    // The budget is the registration's: spent by the documents, a registration is refused too.
    expect((await registerFrom(address, REDIRECT_URI)).status).toBe(429);
    // A document asked for again is served from memory: no fetch, no charge.
    expect((await authorizeFrom(address, authorizeQuery({ client_id: clientIds[0]!, redirect_uris: [REDIRECT_URI] }, pkce().challenge))).status).toBe(302);
    expect(clientIds.map((clientId) => hits.get(new URL(clientId).pathname) ?? 0)).toEqual([1, 1, 1, 0]);
    const rows = await sql().query(`SELECT count(*)::int AS count FROM "OAuthClient" WHERE id = ANY($1)`, [clientIds]);
    expect(rows.rows[0].count).toBe(0);
  });

  it("become a client row with the first grant; a no-store document is fetched once for the whole authorization", async () => {
    const address = newAddress();
    const user = await signUpOnApp();
    const clientId = `${documentsBase}/${randomBytes(6).toString("hex")}.json`;
    const { verifier, challenge } = pkce();
    const query = authorizeQuery({ client_id: clientId, redirect_uris: [REDIRECT_URI] }, challenge);
    expect((await authorizeFrom(address, query)).status).toBe(302);
    const form = await consentForm(user, query, app.baseUrl);
    expect(form.html).toContain("Document App");
    const allowed = await decide(user, form, "allow", {}, app.baseUrl);
    expect(allowed.status).toBe(303);
    const code = new URL(allowed.headers.get("location")!).searchParams.get("code")!;
    const token = await fetch(`${app.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
      body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId }),
    });
    expect(token.status).toBe(200);
    expect(hits.get(new URL(clientId).pathname)).toBe(1);
    const rows = await sql().query(`SELECT "metadataDocument" FROM "OAuthClient" WHERE id = $1`, [clientId]);
    expect(rows.rows).toEqual([{ metadataDocument: true }]);
  });
});

describe("the token endpoint's budget", () => {
  it(`${TOKEN_REQUESTS_PER_ADDRESS} requests per address and minute, then 429 with Retry-After, in OAuth's error shape`, async () => {
    const address = newAddress();
    const statuses = [];
    let last: Response | undefined;
    for (let attempt = 0; attempt <= TOKEN_REQUESTS_PER_ADDRESS; attempt++) {
      last = await fetch(`${app.baseUrl}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: `service_rt_${randomBytes(36).toString("base64url")}`,
          client_id: "service_client_x",
        }),
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(TOKEN_REQUESTS_PER_ADDRESS).fill(401), 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await last!.json()).error).toBe("temporarily_unavailable");
    // Another address is not affected.
    const other = await fetch(`${app.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newAddress() },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "x", client_id: "service_client_x" }),
    });
    expect(other.status).toBe(401);
  });
});

describe("the access log never holds a token's characters", () => {
  it("a refresh token or any other secret sent as a Bearer credential is logged by its kind's prefix only", async () => {
    const refreshToken = `service_rt_${randomBytes(36).toString("base64url")}`;
    const otherSecret = `ghp_${randomBytes(30).toString("base64url")}`;
    const apiKeyShaped = `service_sk_${randomBytes(36).toString("base64url")}`;
    for (const credential of [refreshToken, otherSecret, apiKeyShaped]) {
      const response = await api("GET", "/api/snaps", { key: credential, baseUrl: app.baseUrl, headers: { "x-forwarded-for": newAddress() } });
      expect(response.status).toBe(401);
    }
    const lines = () =>
      output
        .split("\n")
        .filter((line) => line.includes('"keyPrefix"'))
        .map((line) => JSON.parse(line) as { keyPrefix: string });
    await expect.poll(() => lines().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect(lines().map((line) => line.keyPrefix)).toEqual(expect.arrayContaining(["service_rt_", "other", apiKeyShaped.slice(0, 20)]));
    expect(output).not.toContain(refreshToken.slice(11, 20));
    expect(output).not.toContain(otherSecret.slice(0, 12));
  });
});

describe("single sign-on", () => {
  it("sends the provider a redirect URI on AUTH_URL's origin (127.0.0.1), not the name Next serves under", async () => {
    const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`);
    const { csrfToken } = await csrf.json();
    const cookie = csrf.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const signIn = await fetch(`${app.baseUrl}/api/auth/signin/oidc`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.baseUrl },
      body: new URLSearchParams({ csrfToken, callbackUrl: "/" }),
    });
    const location = new URL(signIn.headers.get("location")!);
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get("redirect_uri")).toBe(`${app.baseUrl}/api/auth/callback/oidc`);
  });
});
