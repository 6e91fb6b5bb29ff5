import { expect, test, type Page } from "@playwright/test";
import { api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";
import { seriousViolations } from "./axe";

/**
 * Seeing a whole board (docs/ARCHITECTURE.md, "Zoom"): zoom by Ctrl+wheel and by the buttons,
 * fit, frozen headers, and the find bar across cards the window does not render.
 */
test.describe.configure({ timeout: 240_000 });

const ARTIFACTS = "tests/artifacts";
const ROWS = 12;
const COLS = 40;

const zoomOf = (page: Page) => page.locator("[data-board-sizer]").evaluate((element) => Number((element as HTMLElement).dataset.zoom));

test("a 40 x 12 board: Ctrl+wheel and the buttons zoom, fit shows it all, headers stay, find reaches a card off screen", async ({ page }) => {
  await signUp(page, "Zoe Zoom");
  const snap = await createSnap(page, { title: "Wide", rows: ROWS, cols: COLS });
  const updates = snap.cards.map((card) => ({ id: card.id, title: `C${card.row + 1}.${card.col + 1}` }));
  for (let start = 0; start < updates.length; start += 100) {
    expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates: updates.slice(start, start + 100) })).status).toBe(200);
  }
  const far = snap.cards.find((card) => card.row === 10 && card.col === 37)!;
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: far.id, title: "Crème brûlée", note: "dessert" }] })).status).toBe(200);
  await openBoard(page, snap.id);
  const percent = page.getByRole("button", { name: /^Zoom \d+ %/ });
  await expect(percent).toHaveText("100 %");
  await page.screenshot({ path: `${ARTIFACTS}/zoom-100.png` });

  // Ctrl+wheel over a card zooms around the pointer: that card stays under it.
  const anchor = cardAt(page, 2, 2);
  const before = (await anchor.boundingBox())!;
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -300);
  await page.keyboard.up("Control");
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(1.2);
  const after = (await anchor.boundingBox())!;
  expect(after.width).toBeGreaterThan(before.width * 1.2);
  const centre = { x: before.x + before.width / 2, y: before.y + before.height / 2 };
  expect(centre.x).toBeGreaterThan(after.x);
  expect(centre.x).toBeLessThan(after.x + after.width);
  expect(centre.y).toBeGreaterThan(after.y);
  expect(centre.y).toBeLessThan(after.y + after.height);

  // The buttons, and the keys: to 200 % (the end of the range), back to 100 %.
  while ((await zoomOf(page)) < 2) await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(percent).toHaveText("200 %");
  await expect(page.getByRole("button", { name: "Zoom in" })).toBeDisabled();
  await page.screenshot({ path: `${ARTIFACTS}/zoom-200.png` });
  await page.keyboard.press("Control+0");
  await expect(percent).toHaveText("100 %");
  await page.getByRole("button", { name: "Zoom out" }).click();
  await expect(percent).toHaveText("90 %");

  // Headers stay in view after scrolling far right and down.
  const scroller = page.locator("[data-board-scroller]");
  await scroller.evaluate((element) => element.scrollTo(element.scrollWidth, element.scrollHeight));
  await expect(page.locator("[data-col-header='40']")).toBeInViewport();
  await expect(page.locator("[data-row-header='12']")).toBeInViewport();
  const columns = (await page.locator("[data-frozen-headers='columns']").boundingBox())!;
  const rows = (await page.locator("[data-frozen-headers='rows']").boundingBox())!;
  const pane = (await scroller.boundingBox())!;
  expect(Math.abs(columns.y - pane.y)).toBeLessThan(2);
  expect(Math.abs(rows.x - pane.x)).toBeLessThan(2);

  // Shift+1 fits: the whole board is on screen, its last card included (drawn as a block below the
  // legibility threshold), and the zoom survives a reload.
  await page.getByRole("grid").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Shift+Digit1");
  await expect.poll(() => zoomOf(page)).toBeLessThan(0.25);
  const sizer = (await page.locator("[data-board-sizer]").boundingBox())!;
  expect(sizer.x + sizer.width).toBeLessThanOrEqual(pane.x + pane.width + 1);
  expect(sizer.y + sizer.height).toBeLessThanOrEqual(pane.y + pane.height + 1);
  await expect(page.locator("[data-overview-canvas]")).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/zoom-fit.png` });
  const fitted = await zoomOf(page);
  await page.reload();
  await page.locator("[data-board-root][data-ready]").waitFor();
  await expect.poll(() => zoomOf(page)).toBe(fitted);

  // 25 %: cards as blocks (no card elements but the pinned ones); a click on a block selects its card.
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(percent).toHaveText("25 %");
  await scroller.evaluate((element) => element.scrollTo(0, 0));
  await page.screenshot({ path: `${ARTIFACTS}/zoom-25.png` });
  expect(await page.locator("[data-card-id]").count()).toBeLessThan(3);
  const grid = (await page.getByRole("grid").boundingBox())!;
  // Row 2, column 3 at 25 %: default tracks of 120 x 200 and gaps of 8.
  await page.mouse.click(grid.x + (2 * 208 + 100) * 0.25, grid.y + (128 + 60) * 0.25);
  await expect(page.getByRole("gridcell", { name: "Row 2, column 3: C2.3" })).toHaveAttribute("aria-selected", "true");

  // Ctrl+F: the find bar finds the card off screen (case and accents ignored), scrolls to it and selects it.
  await page.keyboard.press("Control+0");
  await scroller.evaluate((element) => element.scrollTo(0, 0));
  await expect(page.getByRole("gridcell", { name: /: Crème brûlée/ })).toHaveCount(0);
  await page.keyboard.press("Control+f");
  const field = page.getByRole("searchbox", { name: "Find cards" });
  await expect(field).toBeFocused();
  // Typing goes to the first match at once; Enter stays on it when it is the only one.
  await field.fill("CREME BRULEE");
  await expect(page.getByRole("status").filter({ hasText: /found|of/ })).toHaveText("1 of 1");
  await field.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: /of/ })).toHaveText("1 of 1");
  const found = page.getByRole("gridcell", { name: /: Crème brûlée/ });
  await expect(found).toBeInViewport();
  await expect(found).toHaveAttribute("aria-selected", "true");
  // Notes count, and "3 of 17"-style counting steps through the matches in reading order.
  await field.fill("c1.1");
  await expect(page.getByRole("status").filter({ hasText: / of / })).toHaveText("1 of 11");
  await field.press("Enter");
  await field.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: / of / })).toHaveText("3 of 11");
  await field.press("Shift+Enter");
  await expect(page.getByRole("status").filter({ hasText: / of / })).toHaveText("2 of 11");
  await field.press("Shift+Enter");
  await expect(page.getByRole("status").filter({ hasText: / of / })).toHaveText("1 of 11");
  await field.fill("dessert");
  await field.press("ArrowDown");
  await expect(found).toHaveAttribute("aria-selected", "true");
  expect(await seriousViolations(page)).toEqual([]);
  await field.press("Escape");
  await expect(field).toHaveCount(0);
  await expect(found).toBeFocused();
});
