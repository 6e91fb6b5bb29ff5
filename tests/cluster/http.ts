/** The test's HTTP calls: JSON in and out, and every failure (status ≥ 500, a network error, a timeout) counted. */

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Caller {
  key?: string;
  cookie?: string;
}

export const REQUEST_TIMEOUT_MS = 30_000;

export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  options: Caller & { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.cookie) {
    headers.cookie = options.cookie;
    headers.origin = base;
  }
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  const response = await fetch(base + path, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** Calls that must succeed (setup): anything but the expected status throws. */
export async function expectStatus<T = any>(status: number, answer: Promise<Answer<T>>, what: string): Promise<Answer<T>> {
  const got = await answer;
  if (got.status !== status) throw new Error(`${what}: expected ${status}, got ${got.status} ${JSON.stringify(got.body).slice(0, 500)}`);
  return got;
}

const setCookies = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

export interface User {
  id: string;
  email: string;
  cookie: string;
  key: string;
  keyId: string;
}

export const PASSWORD = "correct-horse-42";

/** Signs up, signs in through Auth.js's credentials flow, and creates an API key. */
export async function createUser(base: string, label: string): Promise<User> {
  const email = `${label}-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const created = await expectStatus(
    201,
    call(base, "POST", "/api/account", { body: { email, password: PASSWORD, name: label }, headers: { origin: base } }),
    "sign-up",
  );
  const cookie = await signIn(base, email);
  const key = await expectStatus(201, call(base, "POST", "/api/keys", { cookie, body: { name: label } }), "key creation");
  return { id: created.body.user.id, email, cookie, key: key.body.apiKey.key, keyId: key.body.apiKey.id };
}

export async function signIn(base: string, email: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: setCookies(csrf).join("; "), origin: base },
    body: new URLSearchParams({ email, password: PASSWORD, csrfToken }),
  });
  const session = setCookies(response).find((cookie) => cookie.startsWith("authjs.session-token="));
  if (!session) throw new Error(`sign-in failed: ${response.status}`);
  return session;
}
