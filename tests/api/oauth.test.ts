import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "./fixtures";
import { feedCaughtUp } from "./feed-caught-up";
import { openEventStream } from "./live-helpers";
import { api, baseUrl, signUp, type TestUser } from "./helpers";
import {
  authorize,
  authorizeQuery,
  consentForm,
  decide,
  obtainCode,
  obtainTokens,
  pkce,
  REDIRECT_URI,
  registerClient,
  tokenRequest,
  type Tokens,
} from "./oauth-helpers";

const TOKEN_SHAPE = /^service_at_[A-Za-z0-9_-]{48}$/;
const REFRESH_SHAPE = /^service_rt_[A-Za-z0-9_-]{48}$/;

let user: TestUser;

beforeAll(async () => {
  user = await signUp("oauth");
});

async function mcpClient(token: string): Promise<Client> {
  const client = new Client({ name: "oauth-tests", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

describe("discovery", () => {
  it("serves the protected resource metadata of /api/mcp and /api (RFC 9728)", async () => {
    for (const path of ["/api/mcp", "/api"]) {
      const response = await fetch(`${baseUrl}/.well-known/oauth-protected-resource${path}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({
        resource: `${baseUrl}${path}`,
        authorization_servers: [baseUrl],
        scopes_supported: ["read", "write"],
        bearer_methods_supported: ["header"],
      });
    }
  });

  it("serves the authorization server metadata (RFC 8414)", async () => {
    const response = await fetch(`${baseUrl}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      issuer: baseUrl,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["read", "write"],
      client_id_metadata_document_supported: true,
      client_registration_types_preferred: ["client_id_metadata_document", "dynamic"],
      authorization_response_iss_parameter_supported: true,
    });
    expect(body.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(["none", "client_secret_basic"]));
    for (const endpoint of ["authorization_endpoint", "token_endpoint", "registration_endpoint", "revocation_endpoint"]) {
      expect(body[endpoint]).toMatch(new RegExp(`^${baseUrl}/`));
    }
  });

  it("adds WWW-Authenticate with the resource metadata to a 401 of /api and of /api/mcp, keeping the body", async () => {
    const rest = await api("GET", "/api/snaps");
    expect(rest.status).toBe(401);
    expect(rest.body.error.code).toBe("UNAUTHORIZED");
    expect(rest.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/api"`);
    const mcp = await api("POST", "/api/mcp", {
      body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      headers: { accept: "application/json, text/event-stream" },
    });
    expect(mcp.status).toBe(401);
    expect(mcp.body.error.code).toBe("UNAUTHORIZED");
    expect(mcp.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/api/mcp"`);
  });
});

describe("the OpenAPI document", () => {
  it("has an oauth2 scheme (authorization code, read and write) and names the scope each operation needs", async () => {
    const doc = (await api("GET", "/api/openapi.json")).body;
    expect(doc.components.securitySchemes.oauth2).toMatchObject({
      type: "oauth2",
      flows: { authorizationCode: { scopes: { read: expect.any(String), write: expect.any(String) } } },
    });
    const security = (method: string, path: string) => doc.paths[path][method].security;
    expect(security("get", "/api/snaps")).toEqual([{ bearerAuth: [] }, { oauth2: ["read"] }, { sessionCookie: [] }]);
    expect(security("post", "/api/snaps")).toEqual([{ bearerAuth: [] }, { oauth2: ["write"] }, { sessionCookie: [] }]);
    expect(security("post", "/api/mcp")).toEqual([{ bearerAuth: [] }, { oauth2: ["read"] }]);
    expect(security("get", "/api/keys")).toEqual([{ sessionCookie: [] }]);
    expect(security("get", "/api/account/connected-apps")).toEqual([{ sessionCookie: [] }]);
    expect(security("post", "/api/workspace/members")).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(security("post", "/api/webhooks")).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(security("patch", "/api/account")).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
  });
});

describe("dynamic client registration (RFC 7591)", () => {
  const post = (body: unknown, type = "application/json") =>
    fetch(`${baseUrl}/oauth/register`, { method: "POST", headers: { "content-type": type }, body: typeof body === "string" ? body : JSON.stringify(body) });

  it("registers a public client (no secret) and a confidential one (a secret, once)", async () => {
    const publicClient = await registerClient({
      redirect_uris: ["http://localhost:3000/cb", "cursor://anysphere.cursor-mcp/oauth/callback", "com.example.app:/cb"],
    });
    expect(publicClient.client_id).toMatch(/^service_client_/);
    expect(publicClient.client_secret).toBeUndefined();
    const confidential = await registerClient({ token_endpoint_auth_method: "client_secret_basic", redirect_uris: ["https://app.example.com/cb"] });
    expect(confidential.client_secret).toMatch(/^[A-Za-z0-9_-]{48}$/);
    const [row] = (await sql().query(`SELECT "secretHash" FROM "OAuthClient" WHERE id = $1`, [confidential.client_id])).rows;
    expect(row.secretHash).not.toContain(confidential.client_secret);
  });

  it("refuses bad metadata with invalid_redirect_uri or invalid_client_metadata, registering nothing", async () => {
    // Only the clients these cases would make: other files register clients in parallel.
    const theirs = `SELECT count(*) FROM "OAuthClient" WHERE name = 'No URIs' OR "redirectUris" && ARRAY['http://app.example.com/cb', 'https://app.example.com/cb#fragment', 'javascript:alert(1)', 'https://app.example.com/cb']`;
    const before = Number((await sql().query(theirs)).rows[0].count);
    const cases: [unknown, string][] = [
      [{ redirect_uris: ["http://app.example.com/cb"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://app.example.com/cb#fragment"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["javascript:alert(1)"] }, "invalid_redirect_uri"],
      [{ redirect_uris: [] }, "invalid_redirect_uri"],
      [{ client_name: "No URIs" }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://app.example.com/cb"], grant_types: ["client_credentials"] }, "invalid_client_metadata"],
      [{ redirect_uris: ["https://app.example.com/cb"], token_endpoint_auth_method: "private_key_jwt" }, "invalid_client_metadata"],
      ["not json", "invalid_client_metadata"],
    ];
    for (const [body, error] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error).toBe(error);
    }
    expect(Number((await sql().query(theirs)).rows[0].count)).toBe(before);
  });
});

describe("authorization endpoint", () => {
  it("answers an unknown client or an unregistered redirect URI with a 400 page, never a redirect", async () => {
    const client = await registerClient();
    const { challenge } = pkce();
    for (const query of [
      authorizeQuery({ ...client, client_id: "service_client_unknown" }, challenge),
      authorizeQuery({ ...client, redirect_uris: ["http://127.0.0.1:9/elsewhere"] }, challenge),
      authorizeQuery({ ...client, redirect_uris: ["https://attacker.example/cb"] }, challenge),
    ]) {
      const response = await authorize(query);
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
    }
  });

  it("shows later errors on this server's page too, with their RFC 6749 code, never redirecting before consent (RFC 9700 §4.11.2)", async () => {
    const client = await registerClient();
    const { challenge } = pkce();
    const cases: [Record<string, string>, string][] = [
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ code_challenge_method: "" }, "invalid_request"],
      [{ code_challenge: "short" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ response_type: "" }, "invalid_request"],
      [{ scope: "read admin" }, "invalid_scope"],
      [{ resource: "https://elsewhere.example/api" }, "invalid_target"],
      [{ resource: `${baseUrl}/api/snaps` }, "invalid_target"],
    ];
    for (const [extra, error] of cases) {
      const query = authorizeQuery(client, challenge, extra);
      if (extra.code_challenge_method === "") query.delete("code_challenge_method");
      if (extra.response_type === "") query.delete("response_type");
      const response = await authorize(query);
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      expect(await response.text()).toContain(`(${error})`);
    }
  });

  it("goes on to the consent page, which sends a signed-out browser to sign in and back", async () => {
    const client = await registerClient();
    const query = authorizeQuery(client, pkce().challenge);
    const response = await authorize(query);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/oauth/consent?${query}`);
    const signedOut = await fetch(`${baseUrl}/oauth/consent?${query}`, { redirect: "manual" });
    expect([303, 307]).toContain(signedOut.status);
    const signIn = new URL(signedOut.headers.get("location")!, baseUrl);
    expect(signIn.pathname).toBe("/sign-in");
    expect(signIn.searchParams.get("next")).toBe(`/oauth/consent?${query}`);
  });

  it("names the app (unverified), the redirect host, the account and the scopes; the page cannot be framed", async () => {
    const client = await registerClient({ client_name: "Helpful <b>Agent</b>" });
    const query = authorizeQuery(client, pkce().challenge, { scope: "read" });
    const page = await fetch(`${baseUrl}/oauth/consent?${query}`, { headers: { cookie: user.cookie } });
    const html = await page.text();
    expect(html).toContain("Helpful &lt;b&gt;Agent&lt;/b&gt;");
    expect(html).toContain("Unverified");
    expect(html).toContain("127.0.0.1:9");
    expect(html).toContain(user.email);
    expect(html).toContain("Read your snaps");
    expect(html).not.toContain("Create, change and delete");
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("form-action 'self' http://127.0.0.1:9");
  });

  it("Deny sends access_denied; a loopback redirect URI matches on any port", async () => {
    const client = await registerClient();
    const query = authorizeQuery(client, pkce().challenge, { redirect_uri: "http://127.0.0.1:54321/callback" });
    const form = await consentForm(user, query);
    const denied = await decide(user, form, "deny");
    expect(denied.status).toBe(303);
    const location = new URL(denied.headers.get("location")!);
    expect(location.port).toBe("54321");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("state-123");
    expect(location.searchParams.get("iss")).toBe(baseUrl);
  });

  it("refuses a consent post from another site or with a forged token, and issues no code", async () => {
    const client = await registerClient();
    const form = await consentForm(user, authorizeQuery(client, pkce().challenge));
    const crossSite = await decide(user, form, "allow", { "sec-fetch-site": "cross-site", origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const forged = await decide(user, { ...form, consentToken: "forged" }, "allow");
    expect(forged.status).toBe(403);
    const other = await signUp("oauth-other");
    const othersToken = await decide(other, form, "allow");
    expect(othersToken.status).toBe(403);
    const grants = await sql().query(`SELECT count(*) FROM "OAuthGrant" WHERE "clientId" = $1`, [client.client_id]);
    expect(Number(grants.rows[0].count)).toBe(0);
  });
});

describe("token endpoint", () => {
  it("exchanges a code for tokens of the documented shapes, never cached", async () => {
    const client = await registerClient();
    const { verifier, challenge } = pkce();
    const code = await obtainCode(user, client, challenge);
    const response = await tokenRequest({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: client.client_id,
      resource: `${baseUrl}/api`,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const tokens = (await response.json()) as Tokens;
    expect(tokens.access_token).toMatch(TOKEN_SHAPE);
    expect(tokens.refresh_token).toMatch(REFRESH_SHAPE);
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "read write" });
    const stored = await sql().query(`SELECT hash FROM "OAuthToken" WHERE hash = $1 OR hash = $2`, [tokens.access_token, tokens.refresh_token]);
    expect(stored.rowCount).toBe(0);
    const me = await api("GET", "/api/snaps", { key: tokens.access_token });
    expect(me.status).toBe(200);
  });

  it("refuses a wrong PKCE verifier, a wrong redirect URI, another client's code, and an expired code (invalid_grant)", async () => {
    const client = await registerClient();
    const other = await registerClient();
    const { verifier, challenge } = pkce();
    const exchange = (code: string, overrides: Record<string, string> = {}) =>
      tokenRequest({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: client.client_id, ...overrides });
    const cases: Record<string, string>[] = [
      { code_verifier: pkce().verifier },
      { code_verifier: "too-short" },
      { redirect_uri: "http://127.0.0.1:9/other" },
      { client_id: other.client_id },
    ];
    for (const overrides of cases) {
      const code = await obtainCode(user, client, challenge);
      const response = await exchange(code, overrides);
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect((await response.json()).error).toBe("invalid_grant");
      // The refused attempt did not use the code up: the right request still works.
      expect((await exchange(code)).status).toBe(200);
    }
    const code = await obtainCode(user, client, challenge);
    // The clock moved 61 s for this code: it was issued 61 s before its 60 s ran out.
    await sql().query(`UPDATE "OAuthGrant" SET "codeExpiresAt" = now() - interval '1 second' WHERE "clientId" = $1 AND "codeUsedAt" IS NULL`, [
      client.client_id,
    ]);
    const expired = await exchange(code);
    expect(expired.status).toBe(400);
    expect((await expired.json()).error).toBe("invalid_grant");
  });

  it("a code used twice fails and revokes every token issued from it", async () => {
    const client = await registerClient();
    const { verifier, challenge } = pkce();
    const code = await obtainCode(user, client, challenge);
    const params = { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: client.client_id };
    const first = (await (await tokenRequest(params)).json()) as Tokens;
    expect((await api("GET", "/api/snaps", { key: first.access_token })).status).toBe(200);
    const second = await tokenRequest(params);
    expect(second.status).toBe(400);
    expect((await second.json()).error).toBe("invalid_grant");
    expect((await api("GET", "/api/snaps", { key: first.access_token })).status).toBe(401);
    const refreshed = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: client.client_id });
    expect((await refreshed.json()).error).toBe("invalid_grant");
  });

  it("answers RFC 6749 §5.2 errors for malformed requests", async () => {
    const client = await registerClient();
    const cases: [Parameters<typeof tokenRequest>, number, string][] = [
      [[{ code: "x", client_id: client.client_id }], 400, "invalid_request"],
      [[{ grant_type: "password", username: "a", password: "b", client_id: client.client_id }], 400, "unsupported_grant_type"],
      [[{ grant_type: "client_credentials", client_id: client.client_id }], 400, "unsupported_grant_type"],
      [[{ grant_type: "authorization_code", code: "nope", code_verifier: pkce().verifier, redirect_uri: REDIRECT_URI }], 401, "invalid_client"],
      [
        [{ grant_type: "authorization_code", code: "nope", code_verifier: pkce().verifier, redirect_uri: REDIRECT_URI, client_id: "service_client_nobody" }],
        401,
        "invalid_client",
      ],
      [
        [{ grant_type: "authorization_code", code: "nope", code_verifier: pkce().verifier, redirect_uri: REDIRECT_URI, client_id: client.client_id }],
        400,
        "invalid_grant",
      ],
      [[{ grant_type: "authorization_code", code_verifier: pkce().verifier, redirect_uri: REDIRECT_URI, client_id: client.client_id }], 400, "invalid_request"],
      [[{ grant_type: "refresh_token", refresh_token: "service_rt_" + "A".repeat(48), client_id: client.client_id, scope: "read" }], 400, "invalid_grant"],
    ];
    for (const [args, status, error] of cases) {
      const response = await tokenRequest(...args);
      expect(response.status, JSON.stringify(args[0])).toBe(status);
      const body = await response.json();
      expect(body.error).toBe(error);
      expect(typeof body.error_description).toBe("string");
    }
    const json = await fetch(`${baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "refresh_token" }),
    });
    expect(json.status).toBe(400);
    expect((await json.json()).error).toBe("invalid_request");
  });

  it("a confidential client authenticates with HTTP Basic; without it or with a wrong secret, 401 invalid_client", async () => {
    const client = await registerClient({ token_endpoint_auth_method: "client_secret_basic" });
    const { verifier, challenge } = pkce();
    const code = await obtainCode(user, client, challenge);
    const params = { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI };
    const basic = (secret: string) => ({ authorization: `Basic ${Buffer.from(`${client.client_id}:${secret}`).toString("base64")}` });
    const none = await tokenRequest({ ...params, client_id: client.client_id });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Basic/);
    expect((await none.json()).error).toBe("invalid_client");
    const wrong = await tokenRequest(params, basic("wrong-secret"));
    expect(wrong.status).toBe(401);
    const right = await tokenRequest(params, basic(client.client_secret!));
    expect(right.status).toBe(200);
  });
});

describe("refresh tokens", () => {
  it("rotates: each refresh returns a new pair; the retired one presented again revokes the grant and is audited", async () => {
    const { client, tokens } = await obtainTokens(user);
    const refresh = (token: string) => tokenRequest({ grant_type: "refresh_token", refresh_token: token, client_id: client.client_id });
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    const rotated = (await first.json()) as Tokens;
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(rotated.access_token).toMatch(TOKEN_SHAPE);
    expect((await api("GET", "/api/snaps", { key: rotated.access_token })).status).toBe(200);

    const reused = await refresh(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect((await reused.json()).error).toBe("invalid_grant");
    // The whole grant ended: the new access and refresh tokens too.
    expect((await api("GET", "/api/snaps", { key: rotated.access_token })).status).toBe(401);
    expect((await refresh(rotated.refresh_token)).status).toBe(400);
    const audit = await sql().query(`SELECT action, "targetName" FROM "AuditEvent" WHERE action = 'oauth.refresh_reuse' AND "actorUserId" = $1`, [user.id]);
    expect(audit.rows).toEqual([{ action: "oauth.refresh_reuse", targetName: "Test agent" }]);
  });

  it("refuses another client's refresh token and a scope wider than granted", async () => {
    const { client, tokens } = await obtainTokens(user, { scope: "read" });
    const other = await registerClient();
    const stolen = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: other.client_id });
    expect((await stolen.json()).error).toBe("invalid_grant");
    const wider = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: client.client_id, scope: "read write" });
    expect((await wider.json()).error).toBe("invalid_scope");
    const ok = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: client.client_id });
    expect(ok.status).toBe(200);
  });
});

describe("access tokens on the API", () => {
  it("an expired access token is refused with invalid_token (the clock moved an hour)", async () => {
    const { tokens } = await obtainTokens(user);
    expect((await api("GET", "/api/snaps", { key: tokens.access_token })).status).toBe(200);
    await sql().query(
      `UPDATE "OAuthToken" SET "expiresAt" = now() - interval '1 second' WHERE "grantId" IN (SELECT "grantId" FROM "OAuthToken" t JOIN "OAuthGrant" g ON g.id = t."grantId" WHERE g."userId" = $1) AND kind = 'access'`,
      [user.id],
    );
    const expired = await api("GET", "/api/snaps", { key: tokens.access_token });
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
  });

  it("without the write scope every write is 403 with insufficient_scope, and MCP lists only read tools", async () => {
    const { tokens } = await obtainTokens(user, { scope: "read" });
    expect(tokens.scope).toBe("read");
    expect((await api("GET", "/api/snaps", { key: tokens.access_token })).status).toBe(200);
    const write = await api("POST", "/api/snaps", { key: tokens.access_token, body: { title: "Nope" } });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe("FORBIDDEN");
    expect(write.headers.get("www-authenticate")).toBe(
      `Bearer error="insufficient_scope", scope="write", resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/api"`,
    );
    const client = await mcpClient(tokens.access_token);
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    const refused = await client.callTool({ name: "create_snap", arguments: { title: "x" } });
    expect(refused.isError).toBe(true);
    await client.close();
  });

  it("audience: a token for {base}/api/mcp works on MCP only; elsewhere 401 invalid_token", async () => {
    const { tokens } = await obtainTokens(user, { resource: `${baseUrl}/api/mcp` });
    const rest = await api("GET", "/api/snaps", { key: tokens.access_token });
    expect(rest.status).toBe(401);
    expect(rest.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
    const client = await mcpClient(tokens.access_token);
    const { tools } = await client.listTools();
    expect(tools.some((tool) => tool.name === "create_snap")).toBe(true);
    await client.close();
  });

  it("a token never manages API keys, connected apps, the account or membership (403), whatever its scopes", async () => {
    const { tokens } = await obtainTokens(user);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/keys"],
      ["POST", "/api/keys", { name: "from an app" }],
      ["GET", "/api/account/connected-apps"],
      ["POST", "/api/account/sign-out-everywhere"],
      ["PUT", "/api/account/password", { currentPassword: "x", newPassword: "y".repeat(12) }],
      ["POST", "/api/workspace/members", { email: "someone@example.test" }],
      ["DELETE", `/api/workspace/members/${user.id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await api(method, path, { key: tokens.access_token, body });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });

  it("writes carry the oauthApp actor in history, the event feed and the audit log", async () => {
    const { client, tokens } = await obtainTokens(user);
    const created = await api("POST", "/api/snaps", { key: tokens.access_token, body: { title: "By an app", rows: 1, cols: 1 } });
    expect(created.status).toBe(201);
    const snapId = created.body.snap.id;
    const patched = await api("PATCH", `/api/snaps/${snapId}`, { key: tokens.access_token, body: { title: "Renamed by an app" } });
    expect(patched.status).toBe(200);
    const actor = { type: "oauthApp", userId: user.id, clientId: client.client_id, clientName: "Test agent" };
    const history = await api("GET", `/api/snaps/${snapId}/history`, { cookie: user.cookie });
    expect(history.status).toBe(200);
    expect(history.body.entries[0].actor).toMatchObject(actor);
    // The feed shows an event once every older transaction has ended (lib/events/list-feed-events.ts): other files' may hold it back.
    await feedCaughtUp();
    const feed = await api("GET", `/api/events?snapId=${snapId}`, { cookie: user.cookie });
    expect(feed.status).toBe(200);
    expect(feed.body.events.map((event: { type: string }) => event.type)).toEqual(["snap.created", "snap.updated"]);
    for (const event of feed.body.events) expect(event.actor).toMatchObject(actor);
    // Sharing is refused to apps (probe-hardening-2.test.ts); deleting is audited too.
    const deleted = await api("DELETE", `/api/snaps/${snapId}`, { key: tokens.access_token });
    expect(deleted.status).toBe(200);
    const audit = await api("GET", "/api/workspace/audit-log?action=snap.deleted", { cookie: user.cookie });
    expect(audit.status).toBe(200);
    expect(audit.body.entries[0].actor).toMatchObject(actor);
  });
});

describe("revocation (RFC 7009) and connected apps", () => {
  it("revoking an access token ends it alone; revoking the refresh token ends the grant; always 200", async () => {
    const { client, tokens } = await obtainTokens(user);
    const revoke = (token: string, clientId = client.client_id) =>
      fetch(`${baseUrl}/oauth/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token, client_id: clientId }),
      });
    expect((await revoke(tokens.access_token)).status).toBe(200);
    expect((await api("GET", "/api/snaps", { key: tokens.access_token })).status).toBe(401);
    const refreshed = (await (
      await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: client.client_id })
    ).json()) as Tokens;
    expect((await api("GET", "/api/snaps", { key: refreshed.access_token })).status).toBe(200);
    // Another client cannot revoke it: ignored, still 200.
    const other = await registerClient();
    expect((await revoke(refreshed.refresh_token, other.client_id)).status).toBe(200);
    expect((await api("GET", "/api/snaps", { key: refreshed.access_token })).status).toBe(200);
    expect((await revoke(refreshed.refresh_token)).status).toBe(200);
    expect((await api("GET", "/api/snaps", { key: refreshed.access_token })).status).toBe(401);
    expect((await revoke("not-a-token")).status).toBe(200);
  });

  it("a live stream shows the app as the actor of its writes, and a stream opened with its token ends when it is revoked", async () => {
    const owner = await signUp("oauth-live");
    const { tokens } = await obtainTokens(owner);
    const created = await api("POST", "/api/snaps", { cookie: owner.cookie, body: { title: "Watched", rows: 1, cols: 1 } });
    const snapId = created.body.snap.id;
    const cardId = created.body.snap.cards[0].id;
    const byApp = await openEventStream(snapId, { key: tokens.access_token });
    expect(byApp.status).toBe(200);
    await byApp.next("ready");
    expect((await api("PATCH", `/api/snaps/cards/${cardId}`, { key: tokens.access_token, body: { title: "from the app" } })).status).toBe(200);
    const change = await byApp.next("change");
    expect(change.data.actor).toMatchObject({ type: "oauthApp", userId: owner.id, clientName: "Test agent" });
    const [app] = (await api("GET", "/api/account/connected-apps", { cookie: owner.cookie })).body.apps;
    expect((await api("DELETE", `/api/account/connected-apps/${app.id}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await byApp.next("access-revoked")).data.message).toBe("The connected app of this stream was revoked");
    await byApp.ended;
    byApp.close();
  });

  it("lists connected apps to the signed-in user and revokes one at the very next request", async () => {
    const owner = await signUp("oauth-apps");
    const { client, tokens } = await obtainTokens(owner, { scope: "read", resource: `${baseUrl}/api/mcp` });
    const list = await api("GET", "/api/account/connected-apps", { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.body.apps).toHaveLength(1);
    const [app] = list.body.apps;
    expect(app).toMatchObject({ clientId: client.client_id, clientName: "Test agent", scopes: ["read"], resource: `${baseUrl}/api/mcp` });
    const stranger = await signUp("oauth-stranger");
    expect((await api("DELETE", `/api/account/connected-apps/${app.id}`, { cookie: stranger.cookie })).status).toBe(404);

    const mcp = await mcpClient(tokens.access_token);
    await mcp.listTools();
    const deleted = await api("DELETE", `/api/account/connected-apps/${app.id}`, { cookie: owner.cookie });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    await expect(mcp.listTools()).rejects.toThrow();
    const after = await api("POST", "/api/mcp", {
      key: tokens.access_token,
      body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      headers: { accept: "application/json, text/event-stream" },
    });
    expect(after.status).toBe(401);
    expect((await api("GET", "/api/account/connected-apps", { cookie: owner.cookie })).body.apps).toEqual([]);
    const audit = await sql().query(`SELECT action FROM "AuditEvent" WHERE "actorUserId" = $1 AND action LIKE 'oauth.%' ORDER BY "occurredAt"`, [owner.id]);
    expect(audit.rows.map((row) => row.action)).toEqual(["oauth.authorized", "oauth.revoked"]);
  });
});
