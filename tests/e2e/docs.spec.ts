import { expect, test } from "@playwright/test";
import { STRONG_PASSWORD, uniqueEmail } from "./helpers";

test("the API reference: readable by anyone, tried by a signed-in user with the keyboard", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: /Snap Board Service API/ })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "API reference" });
  await expect(nav.getByRole("link", { name: /Create a snap/ })).toBeVisible();
  const createSnap = page.locator("#op-createSnap");
  await expect(createSnap.getByRole("heading", { name: /\/api\/snaps.*Create a snap/ })).toBeVisible();
  await expect(createSnap).toContainText("Idempotency-Key");
  await createSnap.getByText("Try it", { exact: true }).click();
  await expect(createSnap.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.screenshot({ path: "tests/artifacts/docs-signed-out.png" });

  await page.goto("/sign-up");
  await page.getByLabel("Name").fill("Dana Docs");
  await page.getByLabel("Email").fill(uniqueEmail("docs"));
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();

  // From the user menu, by keyboard.
  await page.getByRole("button", { name: "Dana Docs" }).focus();
  await page.keyboard.press("ArrowDown");
  // The menu opens with its first item focused; the next key is for the open menu.
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "API reference" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/docs$/);

  const create = page.locator("#op-createSnap");
  const tryCreate = create.locator("summary", { hasText: "Try it" });
  await tryCreate.focus();
  await page.keyboard.press("Enter");
  const send = create.getByRole("button", { name: "Send POST request" });
  // Enabled once the page has hydrated: before, the button would submit the form natively (a reload).
  await expect(send).toBeEnabled();
  await send.focus();
  await page.keyboard.press("Enter");
  await expect(create.getByRole("status")).toHaveText("Response: 201 Created");
  const created = JSON.parse((await create.getByLabel("Response body").textContent()) ?? "");
  expect(created.snap).toMatchObject({ title: "Sprint 42", subtitle: "Team board" });
  expect(created.snap.cards).toHaveLength(6);

  const get = page.locator("#op-getSnap");
  await get.locator("summary", { hasText: "Try it" }).click();
  await get.getByLabel("id (required)").fill(created.snap.id);
  await get.getByRole("button", { name: "Send GET request" }).click();
  await expect(get.getByRole("status")).toHaveText("Response: 200 OK");
  await expect(get.getByRole("list", { name: "Response headers" })).toContainText(/etag: "/);
  await page.screenshot({ path: "tests/artifacts/docs.png" });

  // The MCP endpoint takes bearer credentials only (an API key or an OAuth access token): no form.
  const mcp = page.locator("#op-mcp");
  await mcp.locator("summary", { hasText: "Try it" }).click();
  await expect(mcp).toContainText("takes a bearer credential (API key or OAuth access token), not a web session");
});
