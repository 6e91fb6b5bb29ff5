import { expect, test, type Page } from "@playwright/test";
import { BOARD_COMMANDS } from "@/components/board/commands/board-commands";
import { chordLabel } from "@/components/board/commands/key-chord";
import { api, cardAt, createSnap, dragTo, expectSaved, openBoard, signUp } from "./board-helpers";

const ARTIFACTS = "tests/artifacts";

test.describe.configure({ timeout: 180_000 });

type Card = { id: string; row: number; col: number; title: string; locked: boolean };

/** A snap with these cards only (the other cells empty). */
async function boardWith(page: Page, title: string, cards: { row: number; col: number; title: string }[]): Promise<string> {
  const snap = await createSnap(page, { title, rows: 1, cols: 1 });
  expect((await api(page, "DELETE", `/api/snaps/cards/${snap.cards[0]!.id}`)).status).toBe(200);
  const created = await api(page, "POST", "/api/snaps/cards/batch", { cards: cards.map((card) => ({ ...card, snapId: snap.id })) });
  expect(created.status).toBe(201);
  return snap.id;
}

async function cardsOf(page: Page, snapId: string): Promise<Card[]> {
  return (await api(page, "GET", `/api/snaps/${snapId}`)).body.snap.cards;
}

const at = (cards: Card[]) => Object.fromEntries(cards.map((card) => [card.title, [card.row, card.col]]));
/** The board's notice (its toast) saying this. */
const notice = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("align and distribute: from the menu and by key, one undo step, refused with the reason when cards would overlap", async ({ page }) => {
  await signUp(page, "Ada Align");
  const snapId = await boardWith(page, "Align", [
    { row: 0, col: 0, title: "A" },
    { row: 1, col: 1, title: "B" },
    { row: 2, col: 3, title: "C" },
  ]);
  await openBoard(page, snapId);

  // Every card selected; the menu's align items carry their keys from the command table.
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("ControlOrMeta+a");
  await cardAt(page, 2, 2).click({ button: "right" });
  const menu = page.getByRole("menu", { name: "Board actions" });
  const alignTop = menu.getByRole("menuitem", { name: "Align to top" });
  await expect(alignTop).toHaveAttribute("aria-keyshortcuts", "Alt+Shift+ArrowUp");
  await expect(alignTop.locator("kbd")).toHaveText("Alt+Shift+↑");
  await expect(menu.getByRole("menuitem", { name: "Distribute horizontally" })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/board-commands-menu.png` });
  await alignTop.click();
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName("Row 1, column 2: B");
  await expect(cardAt(page, 1, 4)).toHaveAccessibleName("Row 1, column 4: C");
  await expectSaved(page);
  expect(at(await cardsOf(page, snapId))).toEqual({ A: [0, 0], B: [0, 1], C: [0, 3] });

  // One undo step puts all three back.
  await page.keyboard.press("ControlOrMeta+z");
  await expect(cardAt(page, 3, 4)).toHaveAccessibleName("Row 3, column 4: C");
  await expect(cardAt(page, 2, 2)).toHaveAccessibleName("Row 2, column 2: B");
  await expectSaved(page);
  expect(at(await cardsOf(page, snapId))).toEqual({ A: [0, 0], B: [1, 1], C: [2, 3] });

  // By key, with the selection still all three: distribute left to right (A at 0 and C at 3 stay, B to 2).
  await cardAt(page, 2, 2).focus();
  await page.keyboard.press("Alt+Shift+H");
  await expect(cardAt(page, 2, 3)).toHaveAccessibleName("Row 2, column 3: B");
  await page.keyboard.press("Alt+Shift+ArrowLeft");
  await expect(cardAt(page, 3, 1)).toHaveAccessibleName("Row 3, column 1: C");
  await expectSaved(page);
  expect(at(await cardsOf(page, snapId))).toEqual({ A: [0, 0], B: [1, 0], C: [2, 0] });

  // All three in one column: aligning them to the top would put them on one cell. Refused, nothing moves.
  await page.keyboard.press("Alt+Shift+ArrowUp");
  await expect(notice(page, "The cards would overlap")).toBeVisible();
  await expect(cardAt(page, 2, 1)).toHaveAccessibleName("Row 2, column 1: B");
  await expect(cardAt(page, 3, 1)).toHaveAccessibleName("Row 3, column 1: C");
  expect(at(await cardsOf(page, snapId))).toEqual({ A: [0, 0], B: [1, 0], C: [2, 0] });
});

test("lock: the card shows it, a drag, typing and Delete are refused with the reason, Unlock from the menu lets them", async ({ page }) => {
  await signUp(page, "Lou Lock");
  const snapId = await boardWith(page, "Lock", [
    { row: 0, col: 0, title: "Keep" },
    { row: 0, col: 1, title: "Other" },
    { row: 2, col: 2, title: "Corner" },
  ]);
  await openBoard(page, snapId);
  const keep = cardAt(page, 1, 1);

  await keep.click();
  await page.keyboard.press("ControlOrMeta+Shift+L");
  await expect(keep.getByRole("img", { name: "Locked" })).toBeVisible();
  await expect(keep).toHaveAccessibleName("Row 1, column 1: Keep. Locked");
  await expectSaved(page);
  expect((await cardsOf(page, snapId)).find((card) => card.title === "Keep")?.locked).toBe(true);
  await page.screenshot({ path: `${ARTIFACTS}/board-commands-locked-card.png` });

  // Dragged to an empty cell: it stays, and the notice says why.
  await dragTo(page, keep, page.locator('[data-cell="1:1"]'));
  await expect(notice(page, "The card at row 1, column 1 (“Keep”) is locked. Unlock it first.")).toBeVisible();
  await expect(keep).toHaveAccessibleName(/: Keep\. Locked$/);

  // Typing on it does not open the editor; Delete does not delete it; Alt+arrow does not move it.
  await keep.focus();
  await page.keyboard.press("x");
  await expect(page.getByRole("textbox", { name: "Card text" })).toHaveCount(0);
  await page.keyboard.press("Delete");
  await expect(keep).toHaveAccessibleName(/: Keep\. Locked$/);
  await page.keyboard.press("Alt+ArrowDown");
  await expect(keep).toHaveAccessibleName(/: Keep\. Locked$/);
  await expect(notice(page, "is locked. Unlock it first.")).toBeVisible();
  expect(at(await cardsOf(page, snapId))).toMatchObject({ Keep: [0, 0] });

  // A card moved onto it is refused too.
  await dragTo(page, cardAt(page, 3, 3), keep);
  await expect(cardAt(page, 3, 3)).toHaveAccessibleName("Row 3, column 3: Corner");

  // Unlock from the menu: it deletes as any card.
  await keep.click({ button: "right" });
  await page.getByRole("menu", { name: "Board actions" }).getByRole("menuitem", { name: "Unlock" }).click();
  await expect(keep.getByRole("img", { name: "Locked" })).toHaveCount(0);
  await keep.focus();
  await page.keyboard.press("Delete");
  await expect(page.getByRole("gridcell", { name: /: Keep/ })).toHaveCount(0);
  await expectSaved(page);
  expect((await cardsOf(page, snapId)).map((card) => card.title).sort()).toEqual(["Corner", "Other"]);
});

test.describe("lock, with the system clipboard", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("lock: the inspector shows a locked card read-only with the reason; removing its row or column and cutting it are refused up front", async ({
    page,
  }) => {
    await signUp(page, "Lena Locked");
    const snapId = await boardWith(page, "Locked gaps", [
      { row: 0, col: 0, title: "Keep" },
      { row: 0, col: 1, title: "Other" },
      { row: 2, col: 2, title: "Corner" },
    ]);
    const keepId = (await cardsOf(page, snapId)).find((card) => card.title === "Keep")!.id;
    expect((await api(page, "PATCH", `/api/snaps/cards/${keepId}`, { locked: true })).status).toBe(200);
    await openBoard(page, snapId);
    const keep = cardAt(page, 1, 1);
    const reason = "The card at row 1, column 1 (“Keep”) is locked. Unlock it first.";

    // The inspector: its text, place, size and Delete are read-only, each described by the reason; its look is not.
    await keep.click();
    const inspector = page.getByRole("complementary", { name: "Inspector" });
    await expect(inspector.getByText(reason)).toBeVisible();
    const text = inspector.getByRole("textbox", { name: "Text" });
    await expect(text).not.toBeEditable();
    await expect(text).toHaveAccessibleDescription(/is locked\. Unlock it first\./);
    await expect(inspector.getByRole("textbox", { name: "Note" })).not.toBeEditable();
    await expect(inspector.getByRole("spinbutton", { name: "Row", exact: true })).toBeDisabled();
    await expect(inspector.getByRole("button", { name: "Delete card" })).toBeDisabled();
    await expect(inspector.getByRole("button", { name: "Bold" })).toBeEnabled();
    await page.screenshot({ path: `${ARTIFACTS}/board-commands-locked-inspector.png` });

    // Removing its row or its column: refused with the reason, before any confirmation.
    await page.getByRole("button", { name: "Remove row 1" }).click();
    await expect(notice(page, reason)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: "Remove column 1" }).click();
    await expect(notice(page, reason)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(cardAt(page, 1, 2)).toHaveAccessibleName("Row 1, column 2: Other");

    // Cut: refused before anything is copied; the clipboard keeps what it held.
    await page.evaluate(() => navigator.clipboard.writeText("held before"));
    await keep.focus();
    await page.keyboard.press("ControlOrMeta+x");
    await expect(notice(page, reason)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("held before");
    await expect(keep).toHaveAccessibleName(/: Keep\. Locked$/);
    expect(at(await cardsOf(page, snapId))).toEqual({ Keep: [0, 0], Other: [0, 1], Corner: [2, 2] });

    // Unlocked from the inspector, its text can be typed again.
    await inspector.getByRole("button", { name: "Unlock" }).click();
    await expect(text).toBeEditable();
    await expectSaved(page);
    expect((await cardsOf(page, snapId)).find((card) => card.title === "Keep")?.locked).toBe(false);
  });
});

test("the ? list is the command table: every command with keys, with the keys it shows", async ({ page }) => {
  await signUp(page, "Kit Keys");
  const snapId = await boardWith(page, "Keys", [{ row: 0, col: 0, title: "One" }]);
  await openBoard(page, snapId);
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  for (const command of BOARD_COMMANDS) {
    if (!command.keys?.length) continue;
    const what = command.description ?? (command.label as string);
    const row = dialog.locator("dl > div").filter({ has: page.getByText(what, { exact: true }) });
    await expect(row.locator("kbd"), command.id).toContainText(chordLabel(command.keys[0]!));
  }
  await expect(dialog.locator("kbd", { hasText: "Ctrl+Shift+L" })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/board-commands-shortcuts.png`, fullPage: true });
});
