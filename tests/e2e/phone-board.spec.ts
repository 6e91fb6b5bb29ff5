import { expect, test, type Locator, type Page } from "@playwright/test";
import { api, createSnap, expectSaved, openBoard, signUp } from "./board-helpers";
import { seriousViolations } from "./axe";

/**
 * The board on a phone (390 x 844, touch): the header fits with its "More" menu, the board opens
 * fitted to the width, pinch zooms, a tap selects, and a card can be commented on and edited with
 * the inspector and the comments as bottom sheets that never cover each other.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const ARTIFACTS = "tests/artifacts";
const WIDTH = 390;

async function expectAxeCleanInBothThemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page), `${name}, ${colorScheme}`).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/phone-${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Every visible control in `scope` is inside the screen and at least 44 x 44 px to the touch. */
async function expectTouchSized(scope: Locator): Promise<void> {
  const controls = scope.locator("button:visible, a:visible, [role='combobox']:visible");
  const count = await controls.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const control = controls.nth(index);
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute("aria-label")) ?? (await control.textContent());
    expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(WIDTH + 0.5);
    expect(box.width, `${name} is wide enough to touch`).toBeGreaterThanOrEqual(44);
    expect(box.height, `${name} is tall enough to touch`).toBeGreaterThanOrEqual(44);
  }
}

/** Two fingers spreading apart around a point (CDP touch events). */
async function pinchOut(page: Page, centre: { x: number; y: number }) {
  const session = await page.context().newCDPSession(page);
  const fingers = (spread: number) => [
    { x: centre.x - spread, y: centre.y, id: 1 },
    { x: centre.x + spread, y: centre.y, id: 2 },
  ];
  await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(30) });
  for (let step = 1; step <= 10; step += 1) await session.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(30 + step * 8) });
  await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await session.detach();
}

const zoomOf = (page: Page) => page.locator("[data-board-sizer]").evaluate((element) => Number((element as HTMLElement).dataset.zoom));

test("on a phone: the header fits, the board opens fitted, pinch zooms, a tapped card is commented on and edited", async ({ page }) => {
  await signUp(page, "Pip Phone");
  const snap = await createSnap(page, { title: "A board with a rather long title on a phone", rows: 3, cols: 4 });
  const first = snap.cards.find((card) => card.row === 0 && card.col === 0)!;
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: first.id, title: "Tap me" }] })).status).toBe(200);
  await openBoard(page, snap.id);

  // The header is one line inside the screen; its controls are finger-sized.
  const header = page.locator("[data-board-root] header");
  await expect(header.getByRole("status", { name: /Live|Connecting/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  await expectTouchSized(header);
  await expectTouchSized(page.getByRole("toolbar", { name: "Zoom" }));

  // Opened fitted to the width, but readable: four columns need less than 75 %, so 75 % (PHONE_MIN_ZOOM), at the top-left.
  const scroller = page.locator("[data-board-scroller]");
  await expect.poll(() => zoomOf(page)).toBe(0.75);
  expect(await scroller.evaluate((element) => [element.scrollLeft, element.scrollTop])).toEqual([0, 0]);
  await page.screenshot({ path: `${ARTIFACTS}/phone-board.png` });

  // Two fingers spread: the board zooms in.
  const fitted = await zoomOf(page);
  const pane = (await scroller.boundingBox())!;
  await pinchOut(page, { x: pane.x + pane.width / 2, y: pane.y + 200 });
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(fitted * 1.2);
  // At a readable zoom the fingers land on a card, which the first one selects: cleared, so that its sheet is down.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /^Zoom \d+ %/ }).tap();
  await expect(page.getByRole("button", { name: /^Zoom \d+ %/ })).toHaveText("100 %");

  // The overflow menu holds what the header has no room for.
  await page.getByRole("button", { name: "More actions for this snap" }).tap();
  const menu = page.getByRole("menu");
  for (const item of ["Draw a line between two cards", "Comments", "History", "Settings", "Share"])
    await expect(menu.getByRole("menuitem", { name: item })).toBeVisible();
  await expectTouchSized(menu);
  await page.screenshot({ path: `${ARTIFACTS}/phone-menu.png` });
  await page.keyboard.press("Escape");

  // A tap selects; the inspector's sheet opens.
  const card = page.getByRole("gridcell", { name: /: Tap me$/ });
  await card.tap();
  await expect(card).toHaveAttribute("aria-selected", "true");
  const inspector = page.getByRole("complementary", { name: "Inspector" });
  await expect(inspector.getByLabel("Text", { exact: true })).toBeVisible();
  await expectTouchSized(inspector.locator("> div").first());

  // Comments on it: the comments' sheet opens and the inspector's steps aside; Enter sends.
  await page.getByRole("button", { name: "More actions for this snap" }).tap();
  await page.getByRole("menu").getByRole("menuitem", { name: "Comments" }).tap();
  const comments = page.getByRole("complementary", { name: "Comments" });
  await expect(comments).toBeInViewport();
  await expect(comments).toContainText("On “Tap me”");
  await expect(inspector).toBeHidden();
  const composer = comments.getByRole("combobox", { name: /^Comment on Row 1, column 1/ });
  await composer.fill("Looks good on a phone");
  await composer.press("Enter");
  await expect(comments.getByText("Looks good on a phone")).toBeVisible();
  await expect(composer).toHaveValue("");
  await page.screenshot({ path: `${ARTIFACTS}/phone-comments.png` });
  await expectAxeCleanInBothThemes(page, "comments");

  // Closed, the inspector is back: an edit there is saved.
  await comments.getByRole("button", { name: "Close comments" }).tap();
  await expect(inspector.getByLabel("Text", { exact: true })).toBeVisible();
  await inspector.getByLabel("Text", { exact: true }).fill("Edited on a phone");
  await expect(page.getByRole("gridcell", { name: /: Edited on a phone\. 1 comment$/ })).toBeVisible();
  await expectSaved(page);
  expect((await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap.cards.find((saved: { id: string }) => saved.id === first.id).title).toBe(
    "Edited on a phone",
  );
  await expectAxeCleanInBothThemes(page, "inspector");
});
