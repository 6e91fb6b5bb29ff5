import { describe, expect, it } from "vitest";
import { baseUrl, signUp, TEST_PASSWORD } from "./helpers";

/**
 * Browser-facing headers over HTTP: pages get a per-request nonce policy from proxy.ts, the API a
 * static policy that allows nothing (the proxy never runs for it), and the session cookie the
 * attributes a browser needs. tests/e2e/security.spec.ts checks the policy in a real Chromium.
 */

const STATIC_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
  "cross-origin-opener-policy": "same-origin",
};

function directive(policy: string, name: string): string | undefined {
  return policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `));
}

describe("Content-Security-Policy and security headers", () => {
  it.each(["/sign-in", "/sign-up", "/docs"])("%s: scripts by this response's nonce only, a new nonce each time", async (path) => {
    const [first, second] = await Promise.all([fetch(baseUrl + path), fetch(baseUrl + path)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const policies = [first, second].map((response) => response.headers.get("content-security-policy") ?? "");
    for (const [index, policy] of policies.entries()) {
      const scriptSrc = directive(policy, "script-src")!;
      expect(scriptSrc).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'$/);
      expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
      expect(directive(policy, "object-src")).toBe("object-src 'none'");
      // Next.js put the same nonce on the scripts it rendered.
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
      const html = await [first, second][index]!.text();
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html.match(/<script(?![^>]*nonce=)/g) ?? []).toEqual([]);
    }
    expect(policies[0]).not.toBe(policies[1]);
    expect(Object.fromEntries(Object.keys(STATIC_HEADERS).map((name) => [name, first.headers.get(name)]))).toEqual(STATIC_HEADERS);
  });

  it.each(["/api/health", "/api/snaps", "/api/openapi.json", "/api/no-such-endpoint"])("%s: a static policy that allows nothing", async (path) => {
    const response = await fetch(baseUrl + path);
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(Object.fromEntries(Object.keys(STATIC_HEADERS).map((name) => [name, response.headers.get(name)]))).toEqual(STATIC_HEADERS);
  });
});

/** Auth.js's credentials sign-in, returning the raw Set-Cookie lines of the callback. */
async function signInSetCookies(email: string, headers: Record<string, string> = {}): Promise<string[]> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...headers,
      "content-type": "application/x-www-form-urlencoded",
      cookie: csrf.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; "),
      origin: baseUrl,
    },
    body: new URLSearchParams({ email, password: TEST_PASSWORD, csrfToken }),
  });
  return response.headers.getSetCookie();
}

function attributes(setCookie: string): string[] {
  return setCookie
    .split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

describe("the session cookie", () => {
  it("over http: HttpOnly, SameSite=Lax, Path=/, not Secure (a browser would drop a Secure cookie on http)", async () => {
    const user = await signUp("cookie-http");
    const session = (await signInSetCookies(user.email)).find((cookie) => cookie.startsWith("authjs.session-token="));
    expect(session).toBeDefined();
    expect(attributes(session!)).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    expect(attributes(session!)).not.toContain("secure");
  });

  it("behind TLS (X-Forwarded-Proto: https): the __Secure- cookie, Secure, HttpOnly, SameSite=Lax", async () => {
    const user = await signUp("cookie-https");
    const cookies = await signInSetCookies(user.email, { "x-forwarded-proto": "https" });
    const session = cookies.find((cookie) => cookie.startsWith("__Secure-authjs.session-token="));
    expect(session).toBeDefined();
    expect(attributes(session!)).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/", "secure"]));
    expect(cookies.some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(false);
  });
});
