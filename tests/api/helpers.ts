import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { assertDocumented } from "./documented-response";

export const baseUrl = inject("baseUrl");
export const databaseUrl = inject("databaseUrl");

export interface Caller {
  /** An API key sent as Authorization: Bearer. */
  key?: string;
  /** A Cookie header; writes also send this app's Origin, as a browser would. */
  cookie?: string;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * One request to the real server; bodies are sent as JSON unless a raw string is given. The answer
 * must be one the operation declares (tests/api/documented-response.ts), else the test fails.
 */
export async function api<T = any>(
  method: string,
  path: string,
  options: Caller & { body?: unknown; rawBody?: string; headers?: Record<string, string>; baseUrl?: string } = {},
): Promise<ApiResponse<T>> {
  const base = options.baseUrl ?? baseUrl;
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  if (options.cookie) {
    headers.cookie = options.cookie;
    headers.origin ??= base;
  }
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(base + path, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text so a test can show it
  }
  if (new URL(base).pathname === "/" && path.startsWith("/api/"))
    assertDocumented(method, path, response.status, parsed, response.headers.get("content-type") ?? "");
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/**
 * `fetch` for a test that needs the Response itself (another instance, a stream, a download, a
 * fault): an answer from an `/api` operation is checked against its declaration as api()'s are.
 * Auth.js's own routes are not API operations and are not checked.
 */
export async function documentedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  const { pathname, search } = new URL(url);
  if (pathname.startsWith("/api/") && !pathname.startsWith("/api/auth/")) {
    const contentType = response.headers.get("content-type") ?? "";
    const body = /^application\/json\b/.test(contentType) ? await response.clone().json() : null;
    assertDocumented(init.method ?? "GET", pathname + search, response.status, body, contentType);
  }
  return response;
}

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomBytes(6).toString("hex")}@example.test`;
}

export const TEST_PASSWORD = "correct-horse-42";

export function setCookies(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/**
 * Auth.js's own credentials sign-in, answered with a redirect: its Location holds `error` and
 * `code` on a refusal (code=rate_limited when throttled).
 */
export async function signInResponse(
  email: string,
  password = TEST_PASSWORD,
  options: { baseUrl?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const base = options.baseUrl ?? baseUrl;
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: options.headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...options.headers, "content-type": "application/x-www-form-urlencoded", cookie: setCookies(csrf).join("; "), origin: base },
    body: new URLSearchParams({ email, password, csrfToken }),
  });
}

/** Signs in through Auth.js's own credentials flow and returns the session Cookie header. */
export async function signIn(email: string, password = TEST_PASSWORD, base = baseUrl): Promise<string | null> {
  const response = await signInResponse(email, password, { baseUrl: base });
  const session = setCookies(response).find((cookie) => cookie.startsWith("authjs.session-token="));
  return session ?? null;
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

/** A new user, signed up over the API and signed in. */
export async function signUp(label = "user"): Promise<TestUser> {
  const email = uniqueEmail(label);
  const created = await api("POST", "/api/account", { body: { email, password: TEST_PASSWORD, name: label }, headers: { origin: baseUrl } });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status} ${JSON.stringify(created.body)}`);
  const cookie = await signIn(email);
  if (!cookie) throw new Error("sign-in after sign-up failed");
  return { id: created.body.user.id, email, cookie };
}

/** A fresh API key of the user's, created as the Integrations tab does. */
export async function createKey(user: TestUser, name = "test key"): Promise<string> {
  const response = await api("POST", "/api/keys", { cookie: user.cookie, body: { name } });
  if (response.status !== 201) throw new Error(`key creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.apiKey.key;
}

/** A new user on an app server of a test's own (`base`), signed up over the API, signed in, with a key. */
export async function signUpOn(base: string, label: string): Promise<TestUser & { key: string }> {
  const email = uniqueEmail(label);
  const created = await api("POST", "/api/account", { baseUrl: base, body: { email, password: TEST_PASSWORD, name: label }, headers: { origin: base } });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status}`);
  const cookie = await signIn(email, TEST_PASSWORD, base);
  if (!cookie) throw new Error("sign-in after sign-up failed");
  const key = await api("POST", "/api/keys", { baseUrl: base, cookie, body: { name: label } });
  if (key.status !== 201) throw new Error(`key creation failed: ${key.status}`);
  return { id: created.body.user.id, email, cookie, key: key.body.apiKey.key };
}
