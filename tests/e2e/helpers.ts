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
export async function createAccount(request: APIRequestContext, baseURL: string, email: string, password = STRONG_PASSWORD) {
  const response = await request.post("/api/account", { data: { email, password }, headers: { Origin: baseURL } });
  if (response.status() !== 201) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
}
