import { expect, test } from "@playwright/test";
import { api, createSnap, signIn, signUp } from "./board-helpers";
import { STRONG_PASSWORD } from "./helpers";

const ARTIFACTS = "tests/artifacts";
const SECOND_PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
test.describe.configure({ timeout: 120_000 });

test("a read-only key is chosen in the Generate dialog, shown in the table, and cannot write", async ({ page, playwright, baseURL }) => {
  await signUp(page, "Rita Reader");
  await page.goto("/settings/integrations");
  await page.getByRole("button", { name: "Generate API key" }).click();
  const form = page.getByRole("dialog", { name: "Generate API key" });
  await expect(form.getByLabel("Name")).toBeFocused();
  const access = form.getByRole("radiogroup", { name: "Access" });
  await expect(access.getByRole("radio", { name: "Full access" })).toHaveAttribute("aria-checked", "true");
  await access.getByRole("radio", { name: "Read only" }).click();
  await expect(form).toContainText("every write is refused");
  await form.getByLabel("Name").fill("Agent (read)");
  await page.screenshot({ path: `${ARTIFACTS}/generate-read-only-key.png`, fullPage: true });
  await form.getByRole("button", { name: "Generate key" }).click();

  const reveal = page.getByRole("dialog", { name: "Your new API key" });
  const key = await reveal.getByLabel("API key", { exact: true }).inputValue();
  await reveal.getByRole("button", { name: "Done" }).click();
  const row = page.getByRole("row", { name: /Agent \(read\)/ });
  await expect(row).toContainText("Read only");

  const agent = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } });
  expect((await agent.get("/api/snaps")).status()).toBe(200);
  const write = await agent.post("/api/snaps", { data: { title: "nope" } });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.message).toBe("This API key is read-only");
  await agent.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toContainText("Read only");
  await page.screenshot({ path: `${ARTIFACTS}/integrations-read-only-key-phone.png`, fullPage: true });
});

test("sign out everywhere ends the session in another browser on another app instance, and its board", async ({ page, browser }) => {
  test.skip(!process.env.DATABASE_URL, "needs DATABASE_URL: the second app instance shares the first one's PostgreSQL server");
  const email = await signUp(page, "Evan Everywhere");
  const snap = await createSnap(page, { title: "Left open", rows: 1, cols: 2 });
  await page.goto("/");

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto(`http://localhost:${SECOND_PORT}/sign-in`);
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill(STRONG_PASSWORD);
  await other.getByRole("button", { name: "Sign in" }).click();
  await other.waitForURL((url) => url.pathname === "/");
  await other.goto(`http://localhost:${SECOND_PORT}/snaps/${snap.id}`);
  await other.locator("[data-board-root][data-ready]").waitFor();
  await expect(other.getByRole("status", { name: /^Live/ })).toBeVisible();

  await page.getByRole("button", { name: "Evan Everywhere" }).click();
  await page.getByRole("menuitem", { name: "Sign out everywhere" }).click();
  await page.waitForURL((url) => url.pathname === "/sign-in");

  // The other browser's open board is told at once, and its session is gone on its next request.
  await expect(other.getByRole("dialog")).toContainText("You were signed out");
  await other.goto(`http://localhost:${SECOND_PORT}/`);
  await other.waitForURL((url) => url.pathname === "/sign-in");
  expect((await api(page, "GET", "/api/snaps")).status).toBe(401);

  // Signing in again works.
  await signIn(page, email);
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();
  await otherContext.close();
});
