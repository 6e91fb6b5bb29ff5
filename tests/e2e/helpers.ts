import type { APIRequestContext } from "@playwright/test";

export const STRONG_PASSWORD = "correct-horse-42";

/** An address no other test run has used. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/**
 * Creates an account through the API, as the sign-up form would. The Origin header stands in for
 * the browser's: cookie-less or not, the sign-up route only takes same-origin posts.
 */
export async function createAccount(request: APIRequestContext, baseURL: string, email: string, password = STRONG_PASSWORD, name?: string) {
  const response = await request.post("/api/account", { data: { email, password, name }, headers: { Origin: baseURL } });
  if (response.status() !== 201) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
}

/**
 * Signs in through Auth.js's credentials endpoint, as the sign-in form's `signIn()` does (its CSRF
 * token first): the session cookie lands in `request`'s cookie jar, which a page's `page.request`
 * shares with the page's browser context.
 */
export async function signInThroughApi(request: APIRequestContext, baseURL: string, email: string, password = STRONG_PASSWORD) {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, callbackUrl: baseURL },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  const cookies = await request.storageState();
  if (!cookies.cookies.some((cookie) => cookie.name.endsWith("authjs.session-token"))) {
    throw new Error(`sign-in failed: ${response.status()} ${response.headers().location ?? ""}`);
  }
}
