import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";
import { seriousViolations } from "./axe";

/**
 * The grid as a person coming from a spreadsheet expects it: a new board's blank cards behave as
 * the empty cells they look like, Enter after a row of Tabs goes back to where it began, a drop that
 * will be refused says so while dragging, and find shows every match.
 */
test.describe.configure({ timeout: 180_000 });

const ARTIFACTS = "tests/artifacts";
const PHONE = { width: 390, height: 844 };

type Card = { id: string; row: number; col: number; title: string; cellType: string; attachments: unknown[] };

async function cardsOf(page: Page, snapId: string): Promise<Card[]> {
  return (await api(page, "GET", `/api/snaps/${snapId}`)).body.snap.cards;
}

/** A new board of rows × cols blank cards (as the spec makes them), some given titles: { "row:col": title }, 0-based. */
async function newBoard(page: Page, title: string, rows: number, cols: number, titles: Record<string, string>) {
  const snap = await createSnap(page, { title, rows, cols });
  const updates = snap.cards.flatMap((card) => {
    const text = titles[`${card.row}:${card.col}`];
    return text === undefined ? [] : [{ id: card.id, title: text }];
  });
  if (updates.length) expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates })).status).toBe(200);
  return snap;
}

const status = (page: Page) => page.locator("[data-selection-count]");

async function png(color: string): Promise<string> {
  return (
    await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
      .png()
      .toBuffer()
  ).toString("base64");
}

/** Drops an image on an element, as a file dragged from the desktop is. */
async function dropImage(target: Locator, base64: string): Promise<void> {
  const transfer = await target.page().evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "photo.png", { type: "image/png" }));
    return data;
  }, base64);
  await target.dispatchEvent("dragover", { dataTransfer: transfer });
  await target.dispatchEvent("drop", { dataTransfer: transfer });
}

async function pasteImage(page: Page, base64: string): Promise<void> {
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "image.png", { type: "image/png" }));
    (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, base64);
}

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test("blank cards are empty cells: a rectangle starts on one, Ctrl+A counts the cards with content, an image fills one", async ({ page }) => {
  await signUp(page, "Bea Blank");
  const snap = await newBoard(page, "Blanks", 4, 4, { "0:0": "Alpha", "2:2": "Gamma" });
  await openBoard(page, snap.id);
  const corner = cardAt(page, 4, 4);
  await expect(corner).toHaveAccessibleName(/^Row 4, column 4: empty/);

  // A rectangle drawn from a blank card selects the cards with content it touches; the blank card stays put.
  const from = await centre(corner);
  const to = await centre(cardAt(page, 1, 1));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await expect(page.locator('[data-drop-preview="marquee"]')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/grid-blank-marquee.png` });
  await page.mouse.up();
  await expect(status(page)).toHaveText("2 cards selected");
  const after = await cardsOf(page, snap.id);
  expect(after.find((card) => card.title === "Alpha")).toMatchObject({ row: 0, col: 0 });
  expect(after).toHaveLength(16);

  // Ctrl+A: the two cards with something in them, not the 14 blank ones.
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("ControlOrMeta+a");
  await expect(status(page)).toHaveText("2 cards selected");
  await page.keyboard.press("Escape");

  // A click on a blank card selects it, and typing writes into it.
  await cardAt(page, 2, 3).click();
  await expect(cardAt(page, 2, 3)).toHaveAttribute("aria-selected", "true");

  // An image dropped on a blank card fills it as an image card (not a hidden attachment).
  await dropImage(cardAt(page, 2, 3), await png("#2563eb"));
  await expect(cardAt(page, 2, 3)).toHaveAccessibleName(/\(image\)/);
  await expect(cardAt(page, 2, 3).locator("img")).toHaveAttribute("src", /^\/api\/files\//);
  // A pasted image fills the selected blank card too.
  await cardAt(page, 3, 1).click();
  await pasteImage(page, await png("#16a34a"));
  await expect(cardAt(page, 3, 1).locator("img")).toHaveAttribute("src", /^\/api\/files\//);
  await expect
    .poll(async () =>
      (await cardsOf(page, snap.id))
        .filter((card) => card.cellType === "image")
        .map((card) => `${card.row}:${card.col}:${card.attachments.length}`)
        .sort(),
    )
    .toEqual(["1:2:0", "2:0:0"]);
  expect(await cardsOf(page, snap.id)).toHaveLength(16);
  await page.screenshot({ path: `${ARTIFACTS}/grid-blank-images.png` });
  expect(await seriousViolations(page)).toEqual([]);
});

test("Enter after a row of Tabs goes down from the column where the Tabs began", async ({ page }) => {
  await signUp(page, "Tab Tabler");
  const snap = await newBoard(page, "Typed table", 3, 4, {});
  await openBoard(page, snap.id);
  await cardAt(page, 1, 2).click();
  for (const key of ["N", "a", "m", "e", "Tab", "Q", "t", "y", "Tab", "P", "Enter", "T", "e", "a", "Tab", "2", "Tab", "3", "Enter"])
    await page.keyboard.press(key);
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName(/^Row 1, column 2: Name/);
  await expect(cardAt(page, 1, 4)).toHaveAccessibleName(/^Row 1, column 4: P/);
  await expect(cardAt(page, 2, 2)).toHaveAccessibleName(/^Row 2, column 2: Tea/);
  await expect(cardAt(page, 2, 3)).toHaveAccessibleName(/^Row 2, column 3: 2/);
  await expect(cardAt(page, 2, 4)).toHaveAccessibleName(/^Row 2, column 4: 3/);
  // The last Enter went back to column 2 as well.
  await expect(cardAt(page, 3, 2)).toBeFocused();
  await page.screenshot({ path: `${ARTIFACTS}/grid-tab-enter.png` });
});

for (const viewport of [undefined, PHONE]) {
  test(`a drop that will be refused says so, and why, during the drag${viewport ? " (phone)" : ""}`, async ({ page }) => {
    if (viewport) await page.setViewportSize(viewport);
    await signUp(page, "Rita Refusal");
    const snap = await newBoard(page, "Full", 3, 3, {
      "0:0": "A",
      "0:1": "B",
      "0:2": "C",
      "1:0": "D",
      "1:1": "E",
      "1:2": "F",
      "2:0": "G",
      "2:1": "H",
      "2:2": "I",
    });
    await openBoard(page, snap.id);

    // Every card selected: the board is full, the selection has nowhere to go.
    await cardAt(page, 1, 1).click();
    await page.keyboard.press("ControlOrMeta+a");
    await expect(status(page)).toHaveText("9 cards selected");
    const grab = await centre(cardAt(page, 2, 2));
    const right = await centre(cardAt(page, 2, 3));
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(right.x, right.y, { steps: 8 });
    const refusal = page.locator("[data-drop-refusal]");
    await expect(refusal).toHaveText("The selection cannot move past the edge of the board.");
    await page.screenshot({ path: `${ARTIFACTS}/grid-refusal-group${viewport ? "-phone" : ""}.png` });
    await page.mouse.up();
    await expect(refusal).toHaveCount(0);
    await expect(page.getByText("The selection cannot move past the edge of the board.").first()).toBeVisible();

    // A card's right edge dragged over the next card, which has content: refused during the drag.
    await page.keyboard.press("Escape");
    await cardAt(page, 1, 1).click();
    const edge = cardAt(page, 1, 1).locator('[data-resize-handle="e"]');
    const start = await centre(edge);
    const over = await centre(cardAt(page, 1, 2));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(over.x, over.y, { steps: 8 });
    await expect(refusal).toHaveText("The card at row 1, column 2 (“B”) is in the way. Move it first.");
    await expect(page.locator('[data-drop-preview="resize"][data-blocked]')).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/grid-refusal-resize${viewport ? "-phone" : ""}.png` });
    // Back over its own cell: nothing to refuse.
    await page.mouse.move(start.x - 10, start.y, { steps: 4 });
    await expect(refusal).toHaveCount(0);
    await page.mouse.up();
  });
}

for (const viewport of [undefined, PHONE]) {
  test(`find highlights every match, the current one clear of the headers, Enter moves on${viewport ? " (phone)" : ""}`, async ({ page }) => {
    if (viewport) await page.setViewportSize(viewport);
    await signUp(page, "Fin Finder");
    const snap = await newBoard(page, "Finds", 40, 6, { "3:1": "apple pie", "24:2": "apple tart", "26:4": "apple crumble", "4:2": "pear" });
    await openBoard(page, snap.id);
    await page.getByRole("grid").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ControlOrMeta+f");
    const field = page.getByRole("searchbox", { name: "Find cards" });
    await field.fill("apple");
    // Typing goes to the first match at once; every match is marked.
    await expect(page.locator("#board-find-status")).toHaveText("1 of 3");
    await expect(cardAt(page, 4, 2)).toHaveAttribute("data-find", "current");
    await expect(cardAt(page, 5, 3)).not.toHaveAttribute("data-find", /.*/);
    // Enter moves on to the second, scrolled into view below the frozen column headers and the find bar.
    await field.press("Enter");
    await expect(page.locator("#board-find-status")).toHaveText("2 of 3");
    const current = cardAt(page, 25, 3);
    await expect(current).toHaveAttribute("data-find", "current");
    const headers = (await page.locator("[data-frozen-headers='columns']").boundingBox())!;
    const bar = (await page.getByRole("search", { name: "Find on the board" }).boundingBox())!;
    const box = (await current.boundingBox())!;
    const pane = (await page.locator("[data-board-scroller]").boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(headers.y + headers.height);
    // Clear of the find bar where they share columns.
    if (box.x < bar.x + bar.width && box.x + box.width > bar.x) expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(box.y + box.height).toBeLessThanOrEqual(pane.y + pane.height);
    await expect(cardAt(page, 27, 5)).toHaveAttribute("data-find", "match");
    await page.screenshot({ path: `${ARTIFACTS}/grid-find${viewport ? "-phone" : ""}.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

const zoomOf = (page: Page) => page.locator("[data-board-sizer]").evaluate((element) => Number((element as HTMLElement).dataset.zoom));

test("zoomed out to 25 %, the cards keep their titles; the help says how far Fit goes", async ({ page }) => {
  await signUp(page, "Zed Zoomer");
  const titles = Object.fromEntries(Array.from({ length: 64 }, (_, index) => [`${Math.floor(index / 8)}:${index % 8}`, `Task ${index + 1}`]));
  const snap = await newBoard(page, "Overview", 8, 8, titles);
  await openBoard(page, snap.id);
  while ((await zoomOf(page)) > 0.25) await page.getByRole("button", { name: "Zoom out" }).click();
  const overview = page.locator("[data-overview-canvas]");
  await expect(overview).toBeVisible();
  // Every card on screen has its title written over its block.
  await expect.poll(() => overview.evaluate((element) => Number((element as HTMLElement).dataset.titles))).toBe(64);
  await page.screenshot({ path: `${ARTIFACTS}/grid-overview-titles.png` });
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toContainText("Fit the whole board on screen (down to 5 % for a big board)");
  await expect(help).toContainText("Zoom around the pointer (25 % to 200 %; Fit goes lower for a big board)");
});

test("a phone opens a wide board at a readable zoom, fitted to its width no lower than 75 %, at its top-left", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUp(page, "Pho Phone");
  const snap = await newBoard(page, "Wide on a phone", 3, 14, { "0:0": "First", "0:13": "Last" });
  await openBoard(page, snap.id);
  expect(await zoomOf(page)).toBe(0.75);
  const scroller = page.locator("[data-board-scroller]");
  expect(await scroller.evaluate((element) => [element.scrollLeft, element.scrollTop])).toEqual([0, 0]);
  await expect(cardAt(page, 1, 1)).toBeInViewport();
  await page.screenshot({ path: `${ARTIFACTS}/grid-phone-open.png` });
  // A narrow board still fits its width.
  const narrow = await newBoard(page, "Narrow on a phone", 3, 1, { "0:0": "One" });
  await openBoard(page, narrow.id);
  expect(await zoomOf(page)).toBe(1);
});

test("Space checks and unchecks the selected to-do", async ({ page }) => {
  await signUp(page, "Tod Todo");
  const snap = await newBoard(page, "Todos", 2, 2, {});
  const card = snap.cards.find((candidate) => candidate.row === 0 && candidate.col === 0)!;
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: card.id, title: "Buy milk", cellType: "todo" }] })).status).toBe(200);
  await openBoard(page, snap.id);
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("Space");
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/to-do, done/);
  await page.keyboard.press("Space");
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/to-do, not done/);
  await expect(cardAt(page, 1, 1)).toBeFocused();
});

/** A paste of what a spreadsheet puts on the clipboard, where the focus is. */
async function pasteHtml(page: Page, html: string, text: string): Promise<void> {
  await page.evaluate(
    ({ html, text }) => {
      const data = new DataTransfer();
      data.setData("text/html", html);
      data.setData("text/plain", text);
      (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { html, text },
  );
}

test("a range pasted from Google Sheets keeps its bold, italic, fill and alignment", async ({ page }) => {
  await signUp(page, "Shea Sheets");
  const snap = await newBoard(page, "From Sheets", 3, 3, {});
  await openBoard(page, snap.id);
  await cardAt(page, 1, 1).click();
  const cell = (style: string, text: string) => `<td style="overflow:hidden;padding:2px 3px 2px 3px;vertical-align:bottom;${style}">${text}</td>`;
  const html =
    '<google-sheets-html-origin><table cellspacing="0" cellpadding="0" dir="ltr" border="1"><tbody>' +
    `<tr>${cell("background-color:#ffff00;font-weight:bold;", "Name")}${cell("font-style:italic;text-align:center;", "Qty")}</tr>` +
    `<tr>${cell("", "Tea")}${cell("text-align:right;", "2")}</tr></tbody></table>`;
  await pasteHtml(page, html, "Name\tQty\nTea\t2");
  await expect(cardAt(page, 2, 2)).toHaveAccessibleName(/^Row 2, column 2: 2/);
  await expect
    .poll(async () =>
      (await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap.cards
        .filter((card: Card & Record<string, unknown>) => card.title)
        .map((card: Card & Record<string, unknown>) => [card.title, card.bold, card.italic, card.color, card.textAlign]),
    )
    .toEqual([
      ["Name", true, false, "#ffff00", "left"],
      ["Qty", false, true, "", "center"],
      ["Tea", false, false, "", "left"],
      ["2", false, false, "", "right"],
    ]);
  await expect(cardAt(page, 1, 1)).toHaveCSS("font-weight", "700");
  await page.screenshot({ path: `${ARTIFACTS}/grid-paste-sheets.png` });
});

test("on a phone, ? opens at the top of the list and the share dialog's email field has room", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUp(page, "Sam Small");
  const snap = await newBoard(page, "Small screen", 2, 2, { "0:0": "Hi" });
  await openBoard(page, snap.id);
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help.getByRole("heading", { name: "Select" })).toBeInViewport();
  await page.screenshot({ path: `${ARTIFACTS}/grid-help-phone.png` });
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "More actions for this snap" }).click();
  await page.getByRole("menuitem", { name: "Share" }).click();
  const email = page.getByRole("dialog").getByLabel("Invite by email");
  await expect(email).toBeVisible();
  expect((await email.boundingBox())!.width).toBeGreaterThanOrEqual(180);
  await page.screenshot({ path: `${ARTIFACTS}/grid-share-phone.png` });
  expect(await seriousViolations(page)).toEqual([]);
});

test("a dashboard tile reached with Tab shows a focus ring", async ({ page }) => {
  await signUp(page, "Tia Tiles");
  await createSnap(page, { title: "Ringed", rows: 1, cols: 1 });
  await page.goto("/");
  const link = page.getByRole("link", { name: "Ringed" });
  await expect(link).toBeVisible();
  for (let presses = 0; presses < 40 && !(await link.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  const tile = page.locator("li", { has: link });
  await expect.poll(() => tile.evaluate((element) => getComputedStyle(element).boxShadow)).toMatch(/(?:lab|oklch|rgb)\([^)]*\) 0px 0px 0px 2px/);
  await page.screenshot({ path: `${ARTIFACTS}/grid-dashboard-focus.png` });
});

test("the headers are one Tab stop a strip, their buttons reached by arrow keys; then the grid is one stop", async ({ page }) => {
  await signUp(page, "Kit Keys");
  const snap = await newBoard(page, "Keys", 3, 3, { "0:0": "First" });
  await openBoard(page, snap.id);
  const headers = page.locator("[data-frozen-headers]");
  // Each strip: one element in the Tab order.
  await expect(headers.locator('[tabindex="0"]')).toHaveCount(2);
  await expect(headers.locator('button:not([tabindex="-1"])')).toHaveCount(0);
  const column1 = page.getByRole("group", { name: "Column 1" });
  await column1.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("group", { name: "Column 2" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("button", { name: "Remove column 2" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const handle = page.getByRole("separator", { name: "Resize column 2" });
  await expect(handle).toBeFocused();
  const width = Number(await handle.getAttribute("aria-valuenow"));
  await page.keyboard.press("ArrowRight");
  await expect(handle).toHaveAttribute("aria-valuenow", String(width + 10));
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("group", { name: "Column 2" })).toBeFocused();
  await page.screenshot({ path: `${ARTIFACTS}/grid-header-keys.png` });
  // Tab: the row headers (one stop), then the grid's first card.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("group", { name: "Row 1" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(cardAt(page, 1, 1)).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});
