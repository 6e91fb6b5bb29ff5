import { createHash, randomBytes } from "node:crypto";
import { expect, test as base } from "@playwright/test";
import { signUp, THEMES_AND_WIDTHS } from "./board-helpers";
import { seriousViolations } from "./axe";
import { startLoopbackCallback, type LoopbackCallback } from "./loopback-callback";

/** The app's loopback redirect URI, a real listener for each test. */
const test = base.extend<{ callback: LoopbackCallback }>({
  callback: async ({}, provide) => {
    const callback = await startLoopbackCallback();
    await provide(callback);
    await callback.close();
  },
});

/**
 * The OAuth consent page and the Connected apps list, in both themes and at both widths
 * (THEMES_AND_WIDTHS): no serious axe violation, no sideways scroll; Deny goes back to the app with access_denied,
 * Allow with a code; the list shows the app once its code is exchanged.
 */
for (const { theme, viewport } of THEMES_AND_WIDTHS) {
  test(`consent and connected apps in the ${theme} theme at ${viewport.width} px`, async ({ page, baseURL, callback }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: theme });
    await signUp(page, "Connie Consent");
    const { url: REDIRECT_URI, returned } = callback;
    const registered = await page.request.post("/oauth/register", {
      data: { client_name: "Axe Assistant with a rather long name", redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" },
    });
    const client = (await registered.json()) as { client_id: string };
    const verifier = randomBytes(32).toString("base64url");
    const query = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: "s1",
      resource: `${baseURL}/api/mcp`,
    });
    await page.goto(`/oauth/authorize?${query}`);
    await expect(page.getByRole("heading", { name: /Connect Axe Assistant/ })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page, { legacyMode: true })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `tests/artifacts/oauth-consent-${theme}-${viewport.width}.png`, fullPage: true });

    // Keyboard: Deny is reachable and sends the app away with access_denied.
    await page.getByRole("button", { name: "Deny" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Error: access_denied")).toBeVisible();
    expect(returned.at(-1)?.searchParams.get("error")).toBe("access_denied");

    await page.goto(`/oauth/authorize?${query}`);
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page.getByText("Connected.")).toBeVisible();
    const code = returned.at(-1)?.searchParams.get("code");
    expect(code).toBeTruthy();
    const exchanged = await page.request.post("/oauth/token", {
      form: { grant_type: "authorization_code", code: code!, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: client.client_id },
    });
    expect(exchanged.status()).toBe(200);

    await page.goto("/settings/integrations");
    const apps = page.getByRole("list", { name: "Connected apps" });
    await expect(apps.getByText("Axe Assistant with a rather long name")).toBeVisible();
    await expect(apps.getByText(/Read and write · MCP server/)).toBeVisible();
    expect(await seriousViolations(page, { legacyMode: true })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `tests/artifacts/connected-apps-${theme}-${viewport.width}.png`, fullPage: true });
  });
}
