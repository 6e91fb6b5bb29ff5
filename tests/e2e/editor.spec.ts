import { expect, test, type Locator, type Page } from "@playwright/test";
import { api, cardAt, createSnap, expectSaved, openBoard, signUp } from "./board-helpers";

/**
 * What a person does in the editor that board.spec.ts does not: every inspector control, the
 * keyboard alternatives to drag and resize, a keyboard-only session, touch at phone width, an
 * image card, removing a column and resizing a row; and where the toast goes.
 */
test.describe.configure({ timeout: 180_000 });

const inspectorOf = (page: Page) => page.getByRole("complementary", { name: "Inspector" });

async function savedCard(page: Page, snapId: string, title: string) {
  const { body } = await api(page, "GET", `/api/snaps/${snapId}`);
  return (body.snap.cards as Record<string, unknown>[]).find((card) => card.title === title);
}

function boxesOverlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test("every inspector control changes the card, and all of it is saved", async ({ page }) => {
  await signUp(page, "Ines Inspector");
  const snap = await createSnap(page, { title: "Styles", rows: 1, cols: 2 });
  await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: snap.cards[0]!.id, title: "Styled", color: "#dbeafe" }] });
  await openBoard(page, snap.id);
  const card = cardAt(page, 1, 1);
  await card.click();
  const inspector = inspectorOf(page);

  await inspector.getByLabel("Font size").selectOption({ label: "Large" });
  await expect(card).toHaveCSS("font-size", "18px");
  await inspector.getByRole("button", { name: "Bold" }).click();
  await expect(card).toHaveCSS("font-weight", "700");
  await inspector.getByRole("button", { name: "Italic" }).click();
  await expect(card).toHaveCSS("font-style", "italic");
  await inspector.getByRole("button", { name: "Underline" }).click();
  await expect(card).toHaveCSS("text-decoration-line", "underline");
  await inspector.getByRole("radio", { name: "Align center" }).click();
  await expect(card).toHaveCSS("text-align", "center");
  await inspector.getByRole("radio", { name: "Align bottom" }).click();
  await expect(card).toHaveCSS("justify-content", "flex-end");
  await inspector.getByLabel("Opacity").fill("40");
  await expect(card).toHaveCSS("background-color", "rgba(219, 234, 254, 0.4)");
  await inspector.getByLabel("Border").fill("3");
  await expect(card).toHaveCSS("border-top-width", "3px");
  await inspector.getByLabel("Corner radius").fill("20");
  await expect(card).toHaveCSS("border-top-left-radius", "20px");
  await inspector.getByLabel("Note", { exact: true }).fill("Remember the launch date");
  await expect(card).toHaveAccessibleName(/Remember the launch date/);
  await expectSaved(page);
  await page.screenshot({ path: "tests/artifacts/editor-inspector.png" });

  expect(await savedCard(page, snap.id, "Styled")).toMatchObject({
    fontSize: "text-lg",
    bold: true,
    italic: true,
    underline: true,
    textAlign: "center",
    verticalAlign: "bottom",
    cellOpacity: 40,
    borderSize: 3,
    borderRadius: 20,
    note: "Remember the launch date",
  });
});

test("a keyboard-only session: create, move, resize, connect, delete and undo", async ({ page }) => {
  await signUp(page, "Kim Keys");
  const snap = await createSnap(page, { title: "Keys", rows: 3, cols: 3 });
  await openBoard(page, snap.id);
  const inspector = inspectorOf(page);

  // Into the grid with Tab (past the track headers); its one tab stop is the first card.
  await page.getByRole("button", { name: "Connect", exact: true }).focus();
  for (let tabs = 0; tabs < 60 && !(await cardAt(page, 1, 1).evaluate((element) => element === document.activeElement)); tabs += 1)
    await page.keyboard.press("Tab");
  await expect(cardAt(page, 1, 1)).toBeFocused();

  // Delete the first card: its cell is empty and keeps the focus; Enter there creates a card.
  await page.keyboard.press("Delete");
  const addHere = page.getByRole("button", { name: "Add card at row 1, column 1" });
  await expect(addHere).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.type("Alpha");
  await page.keyboard.press("Enter");
  const alpha = page.getByRole("gridcell", { name: /: Alpha$/ });
  await expect(alpha).toHaveAccessibleName("Row 1, column 1: Alpha");
  await expect(alpha).toBeFocused();

  // Move it with the inspector's Column field (the keyboard's drag): it trades places.
  const column = inspector.getByLabel("Column", { exact: true });
  await column.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("3");
  await page.keyboard.press("Enter");
  await expect(alpha).toHaveAccessibleName("Row 1, column 3: Alpha");

  // Resize it with Rows spanned (the keyboard's corner drag).
  const rowsSpanned = inspector.getByLabel("Rows spanned");
  await rowsSpanned.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("2");
  await page.keyboard.press("Enter");
  await expect(alpha).toHaveAttribute("aria-rowspan", "2");

  // Connect: the toolbar button, then Enter on the source and on the target.
  await page.getByRole("button", { name: "Connect", exact: true }).focus();
  await page.keyboard.press("Enter");
  await alpha.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowLeft");
  await expect(cardAt(page, 1, 2)).toBeFocused();
  await page.keyboard.press("Enter");
  const line = page.getByRole("button", { name: /^Line from Row 1, column 3: Alpha to Row 1, column 2/ });
  await expect(line).toHaveCount(1);

  // Delete the card with the keyboard; its line goes with it. Undo brings both back.
  await alpha.focus();
  await page.keyboard.press("Delete");
  await expect(alpha).toHaveCount(0);
  await expect(line).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+z");
  await expect(alpha).toHaveAccessibleName("Row 1, column 3: Alpha");
  await expect(line).toHaveCount(1);
  await expectSaved(page);
  const saved = (await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap;
  expect(saved.cards.find((card: { title: string }) => card.title === "Alpha")).toMatchObject({ row: 0, col: 2, rowSpan: 2, colSpan: 1 });
  expect(saved.lines).toHaveLength(1);
});

/** A touch drag from one element's center to another's, as a finger makes it (CDP touch events). */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const session = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => [{ x, y, id: 1 }];
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const end = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(start.x, start.y) });
  for (let step = 1; step <= 12; step += 1) {
    const x = start.x + ((end.x - start.x) * step) / 12;
    const y = start.y + ((end.y - start.y) * step) / 12;
    await session.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(x, y) });
  }
  await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await session.detach();
}

test.describe("at phone width, with touch", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a tapped card is dragged with a finger; the toast never covers the inspector", async ({ page }) => {
    // The page's own clock, running as usual, so the test can move it past a toast's seconds on screen.
    await page.clock.install();
    await signUp(page, "Tess Touch");
    const snap = await createSnap(page, { title: "Touch", rows: 2, cols: 2 });
    await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: snap.cards[0]!.id, title: "Finger" }] });
    await openBoard(page, snap.id);
    const finger = page.getByRole("gridcell", { name: /: Finger$/ });

    // A tap selects (the inspector sheet opens); a drag of the selected card moves it.
    await finger.tap();
    await expect(finger).toHaveAttribute("aria-selected", "true");
    await inspectorOf(page).getByRole("button", { name: "Collapse inspector" }).click();
    await touchDrag(page, finger, cardAt(page, 2, 1));
    await expect(finger).toHaveAccessibleName("Row 2, column 1: Finger");
    await expectSaved(page);
    expect(await savedCard(page, snap.id, "Finger")).toMatchObject({ row: 1, col: 0 });

    // A toast while the sheet is open sits clear of it.
    await inspectorOf(page).getByRole("button", { name: "Expand inspector" }).click();
    const settings = page.getByRole("dialog", { name: "Snap settings" });
    // On a phone, Settings is in the header's "More" menu.
    await page.getByRole("button", { name: "More actions for this snap" }).click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Settings" }).click();
    await settings.getByLabel("Subtitle").fill("Saved on a phone");
    await settings.getByRole("button", { name: "Save settings" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Settings saved" });
    await expect(toast).toBeVisible();
    expect(boxesOverlap((await toast.boundingBox())!, (await inspectorOf(page).boundingBox())!)).toBe(false);
    await page.screenshot({ path: "tests/artifacts/editor-390-toast.png" });

    // The same on a laptop, where the inspector is a side panel.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.clock.fastForward(10_000); // past the toast's time on screen (components/ui/toast.tsx)
    await expect(toast).toBeHidden();
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await settings.getByLabel("Subtitle").fill("Saved on a laptop");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(toast).toBeVisible();
    expect(boxesOverlap((await toast.boundingBox())!, (await inspectorOf(page).boundingBox())!)).toBe(false);
  });
});

test("an image card loads; a column is removed and a row resized", async ({ page, baseURL }) => {
  await signUp(page, "Ima Image");
  const snap = await createSnap(page, { title: "Pictures", rows: 2, cols: 3 });
  await api(page, "PATCH", "/api/snaps/cards/batch", {
    updates: [
      { id: snap.cards[0]!.id, title: `${baseURL}/icon-192.png`, cellType: "image", note: "The app's icon" },
      { id: snap.cards[1]!.id, title: "Goes with its column" },
    ],
  });
  await openBoard(page, snap.id);
  const image = page.getByRole("img", { name: "The app's icon" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(192);

  // Remove column 2 (it has content: confirmed); the cards to its right move left.
  await page.getByRole("button", { name: "Remove column 2" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove column 2?" });
  await expect(confirm).toContainText("1 card with content");
  await confirm.getByRole("button", { name: "Remove column" }).click();
  await expect(page.getByRole("grid")).toHaveAttribute("aria-colcount", "2");
  await expect(page.getByRole("gridcell", { name: /Goes with its column/ })).toHaveCount(0);

  // Resize row 1: drag its grid line down, then a step more with the keyboard.
  const handle = page.getByRole("separator", { name: "Resize row 1" });
  await expect(handle).toHaveAttribute("aria-valuenow", "120");
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 60, { steps: 5 });
  await page.mouse.up();
  await expect(handle).toHaveAttribute("aria-valuenow", "180");
  await handle.focus();
  await page.keyboard.press("ArrowDown");
  await expect(handle).toHaveAttribute("aria-valuenow", "190");
  await expectSaved(page);
  const saved = (await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap;
  expect(saved.rowHeights).toEqual({ "0": 190 });
  expect(saved.cards).toHaveLength(4);
  expect(saved.cards.some((card: { title: string }) => card.title === "Goes with its column")).toBe(false);
});
