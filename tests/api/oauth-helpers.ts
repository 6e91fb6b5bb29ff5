import { createHash, randomBytes } from "node:crypto";
import { baseUrl as suiteBaseUrl, type TestUser } from "./helpers";

/** OAuth's own endpoints (not /api operations): plain fetch, no redirects followed. */
export interface OAuthClientInfo {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
}

export const REDIRECT_URI = "http://127.0.0.1:9/callback";

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export async function registerClient(metadata: Record<string, unknown> = {}, base = suiteBaseUrl): Promise<OAuthClientInfo> {
  const response = await fetch(`${base}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Test agent", redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none", ...metadata }),
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as OAuthClientInfo;
}

export function authorizeQuery(client: OAuthClientInfo, challenge: string, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: client.redirect_uris[0]!,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "state-123",
    ...extra,
  });
}

/** GET the authorization endpoint (no redirect followed). */
export function authorize(query: URLSearchParams, base = suiteBaseUrl, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/oauth/authorize?${query}`, { redirect: "manual", headers });
}

/** The consent page as the signed-in user sees it, and the fields its form posts. */
export async function consentForm(user: TestUser, query: URLSearchParams, base = suiteBaseUrl) {
  const page = await fetch(`${base}/oauth/consent?${query}`, { headers: { cookie: user.cookie }, redirect: "manual" });
  const html = await page.text();
  const field = (name: string) => unescapeHtml(new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "");
  return { status: page.status, html, request: field("request"), consentToken: field("consent_token") };
}

/** Posts the consent decision as the page's form would (same origin). */
export function decide(
  user: TestUser,
  fields: { request: string; consentToken: string },
  decision: "allow" | "deny",
  headers: Record<string, string> = {},
  base = suiteBaseUrl,
) {
  return fetch(`${base}/oauth/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: user.cookie, origin: base, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ request: fields.request, consent_token: fields.consentToken, decision }),
  });
}

/** Signs in (cookie), allows, and returns the code from the redirect. */
export async function obtainCode(user: TestUser, client: OAuthClientInfo, challenge: string, extra: Record<string, string> = {}, base = suiteBaseUrl) {
  const query = authorizeQuery(client, challenge, extra);
  const form = await consentForm(user, query, base);
  if (form.status !== 200 || !form.consentToken) throw new Error(`consent page: ${form.status}`);
  const decided = await decide(user, form, "allow", {}, base);
  const location = new URL(decided.headers.get("location") ?? "");
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code: ${decided.status} ${location}`);
  return code;
}

export function tokenRequest(params: Record<string, string>, headers: Record<string, string> = {}, base = suiteBaseUrl) {
  return fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(params),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

/** The whole flow for one user: a new public client, consent, code exchange. */
export async function obtainTokens(user: TestUser, extra: Record<string, string> = {}, base = suiteBaseUrl) {
  const client = await registerClient({}, base);
  const { verifier, challenge } = pkce();
  const code = await obtainCode(user, client, challenge, extra, base);
  const response = await tokenRequest(
    {
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: client.client_id,
      ...(extra.resource ? { resource: extra.resource } : {}),
    },
    {},
    base,
  );
  if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`);
  return { client, tokens: (await response.json()) as Tokens };
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}
