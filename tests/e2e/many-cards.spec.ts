import { expect, test, type Page } from "@playwright/test";
import { api, cardAt, createSnap, expectSaved, openBoard, signUp } from "./board-helpers";
import { seriousViolations } from "./axe";

const ARTIFACTS = "tests/artifacts";

// The real system clipboard: Ctrl+C, Ctrl+X and Ctrl+V go through the browser's clipboard events.
test.use({ permissions: ["clipboard-read", "clipboard-write"] });
test.describe.configure({ timeout: 180_000 });

type Card = { id: string; row: number; col: number; rowSpan: number; colSpan: number; title: string; color: string; bold: boolean; cellType: string };

/** A snap with these cards only (the other cells empty). */
async function boardWith(page: Page, title: string, cards: Partial<Card>[]): Promise<string> {
  const snap = await createSnap(page, { title, rows: 1, cols: 1 });
  expect((await api(page, "DELETE", `/api/snaps/cards/${snap.cards[0]!.id}`)).status).toBe(200);
  const created = await api(page, "POST", "/api/snaps/cards/batch", { cards: cards.map((card) => ({ ...card, snapId: snap.id })) });
  expect(created.status).toBe(201);
  return snap.id;
}

async function cardsOf(page: Page, snapId: string): Promise<Card[]> {
  return (await api(page, "GET", `/api/snaps/${snapId}`)).body.snap.cards;
}

async function versionOf(page: Page, snapId: string): Promise<number> {
  return (await api(page, "GET", `/api/snaps/${snapId}`)).body.snap.version;
}

const at = (cards: Card[]) => Object.fromEntries(cards.map((card) => [card.title, [card.row, card.col]]));

async function expectAxeClean(page: Page, name: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page), `${name}, ${colorScheme}`).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/many-cards-${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const status = (page: Page) => page.locator("[data-selection-count]");

test("select by click, Shift, Ctrl and rectangle; drag the group, nudge it, refuse an overlap; delete; Ctrl+D; each one undo step", async ({ page }) => {
  await signUp(page, "Gia Group");
  const snapId = await boardWith(page, "Group", [
    { row: 0, col: 0, title: "A" },
    { row: 0, col: 1, title: "B" },
    { row: 1, col: 0, title: "C" },
    { row: 1, col: 1, title: "D" },
    { row: 4, col: 4, title: "Far" },
  ]);
  await openBoard(page, snapId);

  // Click, then Shift+click: the rectangle between, counted and announced.
  await cardAt(page, 1, 1).click();
  await cardAt(page, 2, 2).click({ modifiers: ["Shift"] });
  await expect(status(page)).toHaveText("4 cards selected");
  await expect(page.locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(4);
  // Ctrl+click adds one, and takes it out again.
  await cardAt(page, 5, 5).click({ modifiers: ["ControlOrMeta"] });
  await expect(status(page)).toHaveText("5 cards selected");
  await cardAt(page, 5, 5).click({ modifiers: ["ControlOrMeta"] });
  await expect(status(page)).toHaveText("4 cards selected");
  await page.screenshot({ path: `${ARTIFACTS}/many-cards-selection.png` });
  // Escape clears; Ctrl+A takes every card, not the page's text.
  await page.keyboard.press("Escape");
  await expect(status(page)).toHaveCount(0);
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("ControlOrMeta+a");
  await expect(status(page)).toHaveText("5 cards selected");
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe("");
  // A click on an empty cell clears the selection of cards.
  await page.locator('[data-empty-cell][aria-rowindex="3"][aria-colindex="3"]').click({ position: { x: 10, y: 10 } });
  await expect(status(page)).toHaveCount(0);

  // A rectangle drawn from an empty cell selects the cards it touches.
  const from = (await page.locator('[data-empty-cell][aria-rowindex="3"][aria-colindex="3"]').boundingBox())!;
  const to = (await cardAt(page, 1, 2).boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(to.x + 20, to.y + 20, { steps: 8 });
  await expect(page.locator('[data-drop-preview="marquee"]')).toBeVisible();
  await page.mouse.up();
  await expect(status(page)).toHaveText("2 cards selected");
  await expect(cardAt(page, 1, 2)).toHaveAttribute("aria-selected", "true");
  await expect(cardAt(page, 2, 2)).toHaveAttribute("aria-selected", "true");

  // Drag all four to (3, 3): the preview shows each landing; the drop is one change.
  await cardAt(page, 1, 1).click();
  await cardAt(page, 2, 2).click({ modifiers: ["Shift"] });
  const version = await versionOf(page, snapId);
  const grab = (await cardAt(page, 1, 1).boundingBox())!;
  const target = (await page.locator('[data-empty-cell][aria-rowindex="3"][aria-colindex="3"]').boundingBox())!;
  // At the cards' centres: the frozen row and column headers cover the grid's first pixels when it scrolls.
  await page.mouse.move(grab.x + grab.width / 2, grab.y + grab.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
  await expect(page.locator('[data-drop-preview="group"] > div')).toHaveCount(4);
  // The dragged group's picture (a canvas over the board) follows the pointer; the cards stay put, dimmed.
  await expect(page.locator("canvas[data-group-ghost]")).toHaveCount(1);
  await page.screenshot({ path: "tests/artifacts/group-drag.png" });
  await page.mouse.up();
  await expect(page.locator("canvas[data-group-ghost]")).toHaveCount(0);
  await expect(cardAt(page, 3, 3)).toHaveAccessibleName("Row 3, column 3: A");
  await expect(cardAt(page, 4, 4)).toHaveAccessibleName("Row 4, column 4: D");
  await expectSaved(page);
  expect(at(await cardsOf(page, snapId))).toMatchObject({ A: [2, 2], B: [2, 3], C: [3, 2], D: [3, 3], Far: [4, 4] });
  expect(await versionOf(page, snapId)).toBe(version + 1);
  await expect(status(page)).toHaveText("4 cards selected");

  // Alt+arrow nudges them; one more cell right would land D on "Far": refused, with the reason.
  await page.keyboard.press("Alt+ArrowUp");
  await expect(cardAt(page, 2, 3)).toHaveAccessibleName("Row 2, column 3: A");
  await page.keyboard.press("Alt+ArrowDown");
  await page.keyboard.press("Alt+ArrowDown");
  await page.keyboard.press("Alt+ArrowRight");
  await expect(page.getByText("The card at row 5, column 5 (“Far”) is in the way.", { exact: false })).toBeVisible();
  await expect(cardAt(page, 4, 3)).toHaveAccessibleName("Row 4, column 3: A");
  // Undo, step by step: each nudge and the drag is one step.
  for (let step = 0; step < 4; step += 1) await page.keyboard.press("ControlOrMeta+z");
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName("Row 1, column 1: A");
  await expect(cardAt(page, 2, 2)).toHaveAccessibleName("Row 2, column 2: D");
  await expectSaved(page);
  expect(at(await cardsOf(page, snapId))).toMatchObject({ A: [0, 0], D: [1, 1] });

  // Ctrl+D: copies to the right, selected; one undo takes them away.
  await cardAt(page, 1, 1).click();
  await cardAt(page, 2, 2).click({ modifiers: ["Shift"] });
  await page.keyboard.press("ControlOrMeta+d");
  await expect(cardAt(page, 1, 3)).toHaveAccessibleName("Row 1, column 3: A");
  await expect(cardAt(page, 2, 4)).toHaveAccessibleName("Row 2, column 4: D");
  await expect(cardAt(page, 1, 3)).toHaveAttribute("aria-selected", "true");
  await expect(status(page)).toHaveText("4 cards selected");
  await expectSaved(page);
  expect(await cardsOf(page, snapId)).toHaveLength(9);
  await page.keyboard.press("ControlOrMeta+z");
  await expect(page.getByRole("gridcell", { name: /: A$/ })).toHaveCount(1);

  // Delete removes the selection in one step; undo brings it back.
  await cardAt(page, 1, 1).click();
  await cardAt(page, 2, 2).click({ modifiers: ["Shift"] });
  await page.keyboard.press("Delete");
  await expect(page.getByRole("gridcell", { name: /: [ABCD]$/ })).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+z");
  await expect(page.getByRole("gridcell", { name: /: [ABCD]$/ })).toHaveCount(4);
  await expectSaved(page);
  expect(await cardsOf(page, snapId)).toHaveLength(5);
});

test("the context menu by mouse and by keyboard: colour, insert a row, delete; the shortcuts dialog; axe in both themes", async ({ page }) => {
  await signUp(page, "Max Menu");
  const snapId = await boardWith(page, "Menu", [
    { row: 0, col: 0, title: "Top" },
    { row: 1, col: 0, title: "Middle" },
    { row: 2, col: 0, title: "Bottom" },
    { row: 0, col: 1, title: "Side", rowSpan: 2 },
  ]);
  await openBoard(page, snapId);

  // Right click on a card: the menu for it.
  await cardAt(page, 2, 1).click({ button: "right" });
  const menu = page.getByRole("menu", { name: "Board actions" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Cut", exact: true })).toBeFocused();
  await page.screenshot({ path: `${ARTIFACTS}/many-cards-context-menu.png` });
  await expectAxeClean(page, "menu");
  await menu.getByRole("menuitem", { name: "Insert row above" }).click();
  await expect(menu).toHaveCount(0);
  await expect(cardAt(page, 3, 1)).toHaveAccessibleName("Row 3, column 1: Middle");
  // The card across the new row grows over it.
  await expect(page.getByRole("gridcell", { name: /: Side$/ })).toHaveAttribute("aria-rowspan", "3");
  await expectSaved(page);
  expect(at(await cardsOf(page, snapId))).toMatchObject({ Top: [0, 0], Middle: [2, 0], Bottom: [3, 0], Side: [0, 1] });
  await page.keyboard.press("ControlOrMeta+z");
  await expect(cardAt(page, 2, 1)).toHaveAccessibleName("Row 2, column 1: Middle");
  await expect(page.getByRole("gridcell", { name: /: Side$/ })).toHaveAttribute("aria-rowspan", "2");

  // By keyboard: Shift+F10 on a selection of two, the menu's Colour, one swatch for both.
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("Shift+ArrowDown");
  await expect(status(page)).toHaveText("2 cards selected");
  await page.keyboard.press("Shift+F10");
  await expect(menu.getByRole("menuitem", { name: "Cut", exact: true })).toBeFocused();
  for (let step = 0; step < 5; step += 1) await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Type" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Colour" })).toBeFocused();
  await page.keyboard.press("Enter");
  await menu.getByRole("menuitem", { name: "Colour #fee2e2" }).focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveCount(0);
  await expect(cardAt(page, 1, 1)).toHaveCSS("background-color", "rgb(254, 226, 226)");
  await expect(cardAt(page, 2, 1)).toHaveCSS("background-color", "rgb(254, 226, 226)");
  // The inspector shows what the two share, and marks what differs.
  const inspector = page.getByRole("complementary", { name: "Inspector" });
  await expect(inspector.getByRole("heading", { name: "2 cards" })).toBeVisible();
  await inspector.getByRole("button", { name: "Bold" }).click();
  await expect(cardAt(page, 1, 1)).toHaveCSS("font-weight", "700");
  await expectSaved(page);
  const styled = await cardsOf(page, snapId);
  expect(
    styled
      .filter((card) => card.color === "#fee2e2" && card.bold)
      .map((card) => card.title)
      .sort(),
  ).toEqual(["Middle", "Top"]);
  // The menu key on the board: Delete row 1.
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("ContextMenu");
  await menu.getByRole("menuitem", { name: "Delete row 1" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove row" }).click();
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/^Row 1, column 1: Middle/);

  // `?` lists the shortcuts.
  await page.keyboard.press("?");
  const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(shortcuts).toBeVisible();
  await expect(shortcuts.getByText("Duplicate the selected cards")).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/many-cards-shortcuts.png` });
  await expectAxeClean(page, "shortcuts");
  await page.keyboard.press("Escape");

  // A selection of several, counted: axe-clean too.
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("ControlOrMeta+a");
  await expectAxeClean(page, "selection");
});

test("copy between two boards keeps styles, spans and places; a spreadsheet's TSV and HTML table paste as cards; a paste over cards asks", async ({
  page,
  context,
}) => {
  await signUp(page, "Cleo Clip");
  const source = await boardWith(page, "Source", [
    { row: 0, col: 0, title: "Wide", colSpan: 2, color: "#dbeafe", bold: true },
    { row: 1, col: 1, title: "Todo", cellType: "todo" },
  ]);
  const target = await boardWith(page, "Target", [
    { row: 0, col: 0, title: "Keep" },
    { row: 3, col: 3, title: "Corner" },
  ]);
  await openBoard(page, source);
  await cardAt(page, 1, 1).click();
  await cardAt(page, 2, 2).click({ modifiers: ["Shift"] });
  await page.keyboard.press("ControlOrMeta+c");
  await expect(page.getByText("Copied 2 cards")).toBeVisible();
  // Outside the app, the same copy is a table.
  const plain = await page.evaluate(() => navigator.clipboard.readText());
  expect(plain).toBe("Wide\t\n\tTodo");

  // Another tab, another board: pasted at the selected cell, styles and spans kept.
  const other = await context.newPage();
  await openBoard(other, target);
  await cardAt(other, 1, 1).click();
  await other.keyboard.press("ArrowDown");
  await other.keyboard.press("ArrowRight");
  await other.keyboard.press("ControlOrMeta+v");
  await expect(cardAt(other, 2, 2)).toHaveAccessibleName(/^Row 2, column 2: Wide/);
  await expect(cardAt(other, 2, 2)).toHaveAttribute("aria-colspan", "2");
  await expect(cardAt(other, 3, 3)).toHaveAccessibleName(/Todo \(to-do/);
  await expectSaved(other);
  const pasted = await cardsOf(other, target);
  expect(pasted.find((card) => card.title === "Wide")).toMatchObject({ row: 1, col: 1, colSpan: 2, color: "#dbeafe", bold: true });
  await other.keyboard.press("ControlOrMeta+z");
  await expect(other.getByRole("gridcell", { name: /Wide/ })).toHaveCount(0);
  // The undo is saved before the tab closes: the next paste lands where the pasted cards were.
  await expectSaved(other);
  await other.close();

  // A spreadsheet's tab-separated range: one card per cell, the grid growing to hold it.
  await openBoard(page, target);
  await page.evaluate(() => navigator.clipboard.writeText("Name\tOwner\tDue\nShip\tAda\tMay\n"));
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ControlOrMeta+v");
  await expect(cardAt(page, 3, 3)).toHaveAccessibleName("Row 3, column 3: May");
  await expect(status(page)).toHaveText("6 cards selected");
  await expectSaved(page);
  expect(at(await cardsOf(page, target))).toMatchObject({ Keep: [0, 0], Name: [1, 0], Due: [1, 2], May: [2, 2] });

  // An HTML table over cards with content: asked first, replaced on yes, one undo step.
  await page.evaluate(() =>
    navigator.clipboard.write([
      new ClipboardItem({
        "text/html": new Blob(["<table><tr><td>Task</td><td>Who</td></tr><tr><td colspan=2>Merged</td></tr></table>"], { type: "text/html" }),
        "text/plain": new Blob(["Task\tWho\nMerged\t"], { type: "text/plain" }),
      }),
    ]),
  );
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("ControlOrMeta+v");
  const ask = page.getByRole("dialog", { name: "Replace 2 cards?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Replace" }).click();
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName("Row 1, column 1: Task");
  await expect(cardAt(page, 2, 1)).toHaveAccessibleName("Row 2, column 1: Merged");
  await expect(cardAt(page, 2, 2)).toHaveAccessibleName("Row 2, column 2: Owner");
  await page.keyboard.press("ControlOrMeta+z");
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName("Row 1, column 1: Keep");
  await expectSaved(page);
  expect(at(await cardsOf(page, target))).toMatchObject({ Keep: [0, 0], Name: [1, 0] });
});

test("spreadsheet habits: typing edits the selected card, Enter goes down, Tab right; F2 keeps the text; each edit undoes alone", async ({ page }) => {
  await signUp(page, "Sam Sheet");
  const snapId = await boardWith(page, "Sheet", [
    { row: 0, col: 0, title: "One" },
    { row: 0, col: 1, title: "Two" },
    { row: 1, col: 0, title: "Three" },
  ]);
  await openBoard(page, snapId);
  await cardAt(page, 1, 1).click();
  await page.keyboard.type("Uno");
  await expect(page.getByRole("textbox", { name: "Card text" })).toHaveValue("Uno");
  await page.keyboard.press("Enter");
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName("Row 1, column 1: Uno");
  await expect(cardAt(page, 2, 1)).toBeFocused();
  await page.keyboard.type("Tres");
  await page.keyboard.press("Tab");
  await expect(cardAt(page, 2, 1)).toHaveAccessibleName("Row 2, column 1: Tres");
  // Right of it is an empty cell: typing there adds a card.
  await expect(page.getByRole("button", { name: "Add card at row 2, column 2" })).toBeFocused();
  await page.keyboard.type("New");
  await page.keyboard.press("Shift+Enter");
  await expect(cardAt(page, 2, 2)).toHaveAccessibleName("Row 2, column 2: New");
  await expect(cardAt(page, 1, 2)).toBeFocused();
  // F2 edits keeping the text, the caret after it.
  await page.keyboard.press("F2");
  await page.keyboard.type("!");
  await page.keyboard.press("Enter");
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName("Row 1, column 2: Two!");
  await expectSaved(page);
  expect(at(await cardsOf(page, snapId))).toMatchObject({ Uno: [0, 0], "Two!": [0, 1], Tres: [1, 0], New: [1, 1] });
  await page.keyboard.press("ControlOrMeta+z");
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName("Row 1, column 2: Two");
  await page.keyboard.press("ControlOrMeta+z");
  await expect(cardAt(page, 2, 2)).toHaveAccessibleName("Row 2, column 2: empty");
});
