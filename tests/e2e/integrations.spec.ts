import { expect, test, type Page } from "@playwright/test";
import { STRONG_PASSWORD, uniqueEmail } from "./helpers";

const KEY_PATTERN = /^service_sk_[A-Za-z0-9_-]{48}$/;

async function signUp(page: Page, name: string) {
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(uniqueEmail("integrations"));
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();
}

/** Every place the page could still hold text: rendered text, markup, and live field values. */
async function pageMentions(page: Page, text: string): Promise<boolean> {
  return page.evaluate((needle) => {
    const values = Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea"), (field) => field.value);
    return document.documentElement.outerHTML.includes(needle) || document.body.innerText.includes(needle) || values.some((value) => value.includes(needle));
  }, text);
}

test("generate a key, see it once, use it, revoke it", async ({ page, context, playwright, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await signUp(page, "Casey Integrator");
  await expect(page.getByText("No snaps yet")).toBeVisible();

  await page.getByRole("button", { name: "Casey Integrator" }).click();
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeFocused();
  await page.screenshot({ path: "tests/artifacts/home-menu.png", fullPage: true });
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(page.getByRole("link", { name: "Integrations" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No API keys yet")).toBeVisible();

  await page.getByRole("button", { name: "Generate API key" }).click();
  const form = page.getByRole("dialog", { name: "Generate API key" });
  await expect(form.getByLabel("Name")).toBeFocused();
  await form.getByRole("button", { name: "Generate key" }).click();
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
  await form.getByLabel("Name").fill("CI key");
  await form.getByRole("button", { name: "Generate key" }).click();

  const reveal = page.getByRole("dialog", { name: "Your new API key" });
  await expect(reveal).toContainText("It will not be shown again");
  const keyField = reveal.getByLabel("API key", { exact: true });
  await expect(keyField).toHaveValue(KEY_PATTERN);
  const key = await keyField.inputValue();
  await expect(reveal.getByRole("button", { name: "Copy", exact: true })).toBeFocused();
  await reveal.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(reveal.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.screenshot({ path: "tests/artifacts/key-reveal.png", fullPage: true });

  // The key put to use: a curl request and an MCP client configuration, in tabs.
  const curlTab = reveal.getByRole("tab", { name: "curl" });
  await expect(curlTab).toHaveAttribute("aria-selected", "true");
  await expect(reveal.getByRole("tabpanel")).toContainText(`curl ${baseURL}/api/snaps`);
  await expect(reveal.getByRole("tabpanel")).toContainText(`Authorization: Bearer ${key}`);
  await curlTab.focus();
  await page.keyboard.press("ArrowRight");
  await expect(reveal.getByRole("tab", { name: "MCP client" })).toBeFocused();
  await reveal.getByRole("button", { name: "Copy MCP client example" }).click();
  const mcpConfig = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(mcpConfig).toEqual({ mcpServers: { "snap-board": { type: "http", url: `${baseURL}/api/mcp`, headers: { Authorization: `Bearer ${key}` } } } });
  await page.screenshot({ path: "tests/artifacts/key-reveal-mcp.png", fullPage: true });

  await reveal.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const row = page.getByRole("row", { name: /CI key/ });
  await expect(row).toContainText(`${key.slice(0, 20)}…`);
  await expect(row.getByRole("cell").nth(4)).toHaveText("Never");
  expect(await pageMentions(page, key)).toBe(false);
  expect(await pageMentions(page, key.slice(20))).toBe(false);
  await page.screenshot({ path: "tests/artifacts/integrations-tab.png", fullPage: true });

  // A fresh request context: no cookies, only the key.
  const api = await playwright.request.newContext({ baseURL });
  const allowed = await api.get("/api/snaps", { headers: { Authorization: `Bearer ${key}` } });
  expect(allowed.status()).toBe(200);
  expect(await allowed.json()).toEqual({ snaps: [] });
  const created = await api.post("/api/snaps", { headers: { Authorization: `Bearer ${key}` }, data: { title: "Launch plan" } });
  expect(created.status()).toBe(201);

  await expect(async () => {
    await page.reload();
    await expect(
      page
        .getByRole("row", { name: /CI key/ })
        .getByRole("cell")
        .nth(4),
    ).toHaveText("just now", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("row", { name: /CI key/ })).toBeVisible();
  await page.screenshot({ path: "tests/artifacts/integrations-tab-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Revoke key CI key" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke “CI key”?" });
  await expect(confirm).toContainText("Apps using it lose access immediately. This cannot be undone.");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.screenshot({ path: "tests/artifacts/revoke-confirm.png", fullPage: true });
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "revoked" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate API key" })).toBeFocused();

  const refused = await api.get("/api/snaps", { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("UNAUTHORIZED");
  await api.dispose();

  // The snap made with the key before revocation is the user's own, listed on the home page.
  await page.getByRole("link", { name: "Snap Board" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Launch plan" })).toContainText("Updated just now");
  await page.screenshot({ path: "tests/artifacts/home.png", fullPage: true });
});

test("the 11th key is refused in the dialog, and Escape closes it", async ({ page, baseURL }) => {
  await signUp(page, "Kim Tenkeys");
  // Ten keys through the API with this page's session cookie (and the Origin a browser would send).
  for (let index = 1; index <= 10; index += 1) {
    const created = await page.request.post("/api/keys", { data: { name: `Key ${index}` }, headers: { Origin: baseURL! } });
    expect(created.status()).toBe(201);
  }

  await page.goto("/settings/integrations");
  await expect(page.getByText("10 of 10 keys")).toBeVisible();
  await page.getByRole("button", { name: "Generate API key" }).click();
  const form = page.getByRole("dialog", { name: "Generate API key" });
  await form.getByLabel("Name").fill("One too many");
  await form.getByRole("button", { name: "Generate key" }).click();
  await expect(form.getByRole("alert")).toContainText("Key limit reached");
  await expect(form.getByRole("alert")).toContainText("Revoke one to generate another");
  await page.screenshot({ path: "tests/artifacts/key-limit.png" });

  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Generate API key" })).toBeFocused();
  await expect(page.getByRole("row")).toHaveCount(11);
});
