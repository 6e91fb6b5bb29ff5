import { expect, test, type Page, type Response } from "@playwright/test";
import { api, cardAt, createSnap, openBoard, signIn, signUp } from "./board-helpers";

/**
 * The pages' Content-Security-Policy in a real Chromium: every page loads and works with scripts
 * allowed only by the per-request nonce (proxy.ts), and the browser reports no violation; hostile
 * card URLs never reach an href, src or frame.
 */

/**
 * Collects CSP violations over every navigation of the page: the console's reports and the
 * documents' securitypolicyviolation events (sent to the test through an exposed function).
 */
async function watchCsp(page: Page): Promise<() => string[]> {
  const reports: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) reports.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (report: string) => reports.push(report));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`);
    });
  });
  return () => [...reports];
}

/** The page's policy: script-src by nonce and 'strict-dynamic', never 'unsafe-inline'; every script carries the nonce. */
async function expectNoncePolicy(page: Page, response: Response | null): Promise<string> {
  const policy = (await response?.headerValue("content-security-policy")) ?? "";
  const scriptSrc =
    policy
      .split(";")
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith("script-src")) ?? "";
  expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
  expect(scriptSrc).toContain("'strict-dynamic'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(policy).toContain("frame-ancestors 'none'");
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
  const scriptNonces = await page.evaluate(() => [...document.scripts].map((script) => script.nonce));
  expect(scriptNonces.length).toBeGreaterThan(0);
  expect(scriptNonces.filter((value) => value !== nonce)).toEqual([]);
  return nonce;
}

test("every page renders and works under the nonce CSP, with no violation reported", async ({ page, browser }) => {
  test.setTimeout(180_000); // ten page views and two sign-ins
  const violations = await watchCsp(page);
  const nonces = new Set<string>();
  const visit = async (path: string, status = 200) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    nonces.add(await expectNoncePolicy(page, response));
    expect(violations()).toEqual([]);
  };

  await visit("/sign-in");
  await visit("/sign-up");
  // The not-found page too: it would be prerendered, without a nonce, if pages were not per request.
  await visit("/no-such-page", 404);
  const email = await signUp(page, "Cora Policy");
  await visit("/");

  const snap = await createSnap(page, { title: "Policies", rows: 2, cols: 2 });
  await visit(`/snaps/${snap.id}`);
  await page.locator("[data-board-root][data-ready]").waitFor();
  // Use the board: edit a card inline (client code, a batch save through the API).
  await cardAt(page, 1, 1).dblclick();
  await page.getByRole("textbox", { name: "Card text" }).fill("Nonce only");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();

  for (const path of ["/settings", "/settings/integrations", "/settings/workspace", "/docs"]) await visit(path);

  const shared = await api(page, "PATCH", `/api/snaps/${snap.id}`, { isPublic: true });
  expect(shared.status).toBe(200);
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  const publicViolations = await watchCsp(publicPage);
  const publicResponse = await publicPage.goto(`/s/${shared.body.snap.shareToken}`);
  await expect(publicPage.getByRole("gridcell", { name: /Nonce only/ })).toBeVisible();
  nonces.add(await expectNoncePolicy(publicPage, publicResponse));
  expect(publicViolations()).toEqual([]);
  await visitor.close();

  // Signing in again through the form works too (the sign-in page's client code).
  await page.context().clearCookies();
  await signIn(page, email);

  expect(violations()).toEqual([]);
  expect(nonces.size).toBe(10); // a fresh nonce for every page view
});

test("link, image and embed cards never render javascript: or data: URLs; embeds are sandboxed", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const violations = await watchCsp(page);
  await signUp(page, "Hal Hostile");
  const snap = await createSnap(page, { title: "Hostile URLs", rows: 2, cols: 3 });
  const [a, b, c, d, e, f] = snap.cards;
  const pixel = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  const updated = await api(page, "PATCH", "/api/snaps/cards/batch", {
    updates: [
      { id: a!.id, title: "javascript:alert(1)", cellType: "link" },
      { id: b!.id, title: " JaVaScRiPt:alert(document.cookie)", cellType: "link" },
      { id: c!.id, title: pixel, cellType: "image" },
      { id: d!.id, title: "javascript:alert(2)", cellType: "designembed" },
      { id: e!.id, title: "http://example.com/insecure-embed", cellType: "designembed" },
      { id: f!.id, title: "https://example.com/embed", cellType: "designembed" },
    ],
  });
  expect(updated.status).toBe(200);
  await openBoard(page, snap.id);

  const cards = page.getByRole("gridcell");
  await expect(cardAt(page, 1, 1)).toContainText("javascript:alert(1)");
  // Hostile text shows as text: no href, src or frame carries it.
  // The one link is the safe embed's own (its bar names where it goes): no hostile URL becomes an href.
  await expect(cards.locator("a[href]")).toHaveCount(1);
  await expect(cards.locator("a[href]")).toHaveAttribute("href", "https://example.com/embed");
  expect(await cards.locator("img").count()).toBe(0);
  expect(await page.locator('[href^="javascript:" i], [src^="javascript:" i], [src^="data:" i]').count()).toBe(0);
  const frames = cards.locator("iframe");
  await expect(frames).toHaveCount(1);
  await expect(frames).toHaveAttribute("src", "https://example.com/embed");
  // Scripts in the frame run in an opaque origin: no allow-same-origin, so no access to this app.
  await expect(frames).toHaveAttribute("sandbox", "allow-scripts allow-popups");
  await expect(frames).toHaveAttribute("referrerpolicy", "no-referrer");

  await cardAt(page, 1, 1).click();
  await cardAt(page, 1, 1).dblclick();
  await page.keyboard.press("Escape");
  expect(dialogs).toEqual([]);
  expect(violations()).toEqual([]);
});
