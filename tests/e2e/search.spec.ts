import { expect, test } from "@playwright/test";
import { api, cardAt, createSnap, signUp } from "./board-helpers";
import { seriousViolations } from "./axe";

/**
 * Search in the browser (docs/API.md, "Search"): Ctrl+K anywhere opens the dialog, results come as
 * you type grouped by board, arrows and Enter open a card on a 100 x 100 board selected and in view.
 */
test.describe.configure({ timeout: 240_000 });

test("Ctrl+K, type, arrow to a card on a 100 x 100 board, Enter: the card is selected on screen", async ({ page }) => {
  await signUp(page, "Sam Search");
  const big = await createSnap(page, { title: "Huge plan", rows: 100, cols: 100 });
  const far = big.cards.find((card) => card.row === 86 && card.col === 92)!;
  const near = big.cards.find((card) => card.row === 0 && card.col === 1)!;
  const updates = [
    { id: far.id, title: "Quarterly zebra review", note: "Bring the café numbers" },
    { id: near.id, title: "Zebra crossing survey" },
  ];
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates })).status).toBe(200);
  const other = await createSnap(page, { title: "Zebra facts", rows: 1, cols: 1 });

  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "Search" });
  const input = dialog.getByRole("combobox", { name: "Search boards, cards and comments" });
  // The shortcut works once the page is hydrated: pressed before that, it is pressed again.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press("Control+k");
    await expect(input).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await input.pressSequentially("zebr", { delay: 20 });

  // Grouped by board: the two cards under "Huge plan", the snap itself under "Zebra facts".
  const options = dialog.getByRole("option");
  await expect(options).toHaveCount(3);
  await expect(dialog.getByRole("group", { name: "Huge plan" }).getByRole("option")).toHaveCount(2);
  await expect(dialog.getByRole("group", { name: "Zebra facts" }).getByRole("option", { name: "Board Zebra facts" })).toBeVisible();
  await expect(dialog.getByRole("option", { name: "Card Quarterly zebra review" }).locator("mark")).toHaveText("zebra");
  await expect(dialog.getByRole("status")).toHaveText("3 results");
  await page.screenshot({ path: "tests/artifacts/search-dialog.png" });

  // Axe: the open dialog with results, light then dark.
  expect(await seriousViolations(page, { legacyMode: true })).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page, { legacyMode: true })).toEqual([]);
  await page.screenshot({ path: "tests/artifacts/search-dialog-dark.png" });
  await page.emulateMedia({ colorScheme: "light" });

  // Arrow keys move the active option (wrapping); Enter opens the active one.
  const target = dialog.getByRole("option", { name: "Card Quarterly zebra review" });
  for (let step = 0; step < 3 && (await target.getAttribute("aria-selected")) !== "true"; step++) await page.keyboard.press("ArrowDown");
  await expect(target).toHaveAttribute("aria-selected", "true");
  await expect(input).toHaveAttribute("aria-activedescendant", (await target.getAttribute("id"))!);
  await page.keyboard.press("Enter");

  await page.waitForURL((url) => url.pathname === `/snaps/${big.id}` && url.searchParams.get("card") === far.id);
  await expect(dialog).toBeHidden();
  const card = cardAt(page, 87, 93);
  await expect(card).toHaveAttribute("aria-selected", "true");
  await expect(card).toBeFocused();
  await expect(card).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: "tests/artifacts/search-opened-card.png" });

  // An empty query lists the boards opened lately; Escape closes.
  await page.keyboard.press("Control+k");
  await expect(dialog.getByRole("group", { name: "Recently opened" }).getByRole("option", { name: "Huge plan" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Nothing found is said so.
  await page.getByRole("button", { name: /^Search\b/ }).click();
  await input.fill("nonexistentword");
  await expect(dialog.getByRole("status")).toHaveText("Nothing found for “nonexistentword”.");
  await page.keyboard.press("Escape");
  expect(other.id).toBeTruthy();
});

test("at 390 px the search dialog fits and stays axe clean; the New snap dialog keeps its title and Create button in view at 1280 x 800", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, "Pia Phone");
  await createSnap(page, { title: "Café roadmap", rows: 1, cols: 1 });
  await page.goto("/");
  await page.getByRole("button", { name: /^Search\b/ }).click();
  const dialog = page.getByRole("dialog", { name: "Search" });
  await dialog.getByRole("combobox").fill("cafe road");
  await expect(dialog.getByRole("option", { name: "Board Café roadmap" })).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page, { legacyMode: true })).toEqual([]);
  await page.screenshot({ path: "tests/artifacts/search-dialog-phone.png" });
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "New snap" }).first().click();
  const newSnap = page.getByRole("dialog", { name: "New snap" });
  await expect(newSnap.getByRole("heading", { name: "New snap" })).toBeInViewport({ ratio: 1 });
  await expect(newSnap.getByRole("button", { name: "Create snap" })).toBeInViewport({ ratio: 1 });
  // Scrolled to its end, the title is still in view above the body.
  await newSnap.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(newSnap.getByRole("heading", { name: "New snap" })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: "tests/artifacts/new-snap-dialog-sticky.png" });
});
