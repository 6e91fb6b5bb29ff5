import { expect, test } from "@playwright/test";
import { api, cardAt, createSnap, expectSaved, openBoard, signUp } from "./board-helpers";

/**
 * A board larger than the screen is windowed (docs/PERFORMANCE.md): the DOM holds what is in view,
 * and everything a person does still works across the window's edges.
 */
test.describe.configure({ timeout: 240_000 });

const SIZE = 40;

test("a 40 x 40 board: windowed, with keyboard, edit, drag, lines and live changes across its edges", async ({ page, browser }) => {
  await signUp(page, "Wendy Window");
  const snap = await createSnap(page, { title: "Big", rows: SIZE, cols: SIZE });
  const idAt = (row: number, col: number) => snap.cards.find((card) => card.row === row && card.col === col)!.id;
  for (let start = 0; start < snap.cards.length; start += 100) {
    const updates = snap.cards.slice(start, start + 100).map((card) => ({ id: card.id, title: `C${card.row + 1}.${card.col + 1}` }));
    expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates })).status).toBe(200);
  }
  expect((await api(page, "POST", `/api/snaps/${snap.id}/lines`, { fromCardId: idAt(SIZE - 1, 0), toCardId: idAt(SIZE - 1, 1) })).status).toBe(201);
  await openBoard(page, snap.id);

  // Screen readers get the whole grid's size; the DOM only what is near the screen.
  const grid = page.getByRole("grid");
  await expect(grid).toHaveAttribute("aria-rowcount", String(SIZE));
  await expect(grid).toHaveAttribute("aria-colcount", String(SIZE));
  const rendered = await page.getByRole("gridcell").count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(400);
  await expect(cardAt(page, SIZE, SIZE)).toHaveCount(0);
  const line = page.getByRole("button", { name: /^Line from Row 40, column 1/ });
  await expect(line).toHaveCount(0);

  // Arrow keys walk off the first screen: each card is scrolled into view and focused.
  await cardAt(page, 1, 1).click();
  for (let step = 0; step < 14; step += 1) await page.keyboard.press("ArrowRight");
  for (let step = 0; step < 12; step += 1) await page.keyboard.press("ArrowDown");
  const far = cardAt(page, 13, 15);
  await expect(far).toBeFocused();
  await expect(far).toBeInViewport();
  await expect(far).toHaveAttribute("aria-rowindex", "13");
  await expect(far).toHaveAttribute("aria-colindex", "15");

  // Inline edit there.
  await page.keyboard.press("Enter");
  await page.getByRole("textbox", { name: "Card text" }).fill("Far away");
  await page.keyboard.press("Enter");
  await expect(cardAt(page, 13, 15)).toHaveAccessibleName("Row 13, column 15: Far away");
  await expect(cardAt(page, 13, 15)).toBeFocused();

  // Drag a card to the scroller's right edge and hold: the board scrolls under it, the card lands
  // in a column that was not on screen when the drag began.
  const scroller = page.locator("[data-board-scroller]");
  await scroller.evaluate((element) => element.scrollTo(0, 0));
  const dragged = cardAt(page, 2, 2);
  const from = (await dragged.boundingBox())!;
  const edge = (await scroller.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width - 8, from.y + from.height / 2, { steps: 10 });
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft), { timeout: 30_000 }).toBeGreaterThan(1200);
  await page.mouse.up();
  await expectSaved(page);
  const moved = (await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap.cards.find((card: { id: string }) => card.id === idAt(1, 1));
  expect(moved.row).toBe(1);
  expect(moved.col).toBeGreaterThan(8);
  await expect(page.getByRole("gridcell", { name: /: C2\.2$/ })).toBeInViewport();

  // A change by someone else to a card off screen: seen when scrolled to; so is the line down there.
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: idAt(SIZE - 1, SIZE - 1), title: "Changed live" }] })).status).toBe(200);
  await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(line).toHaveCount(1);
  await scroller.evaluate((element) => element.scrollTo(element.scrollWidth, element.scrollHeight));
  await expect(cardAt(page, SIZE, SIZE)).toHaveAccessibleName(`Row ${SIZE}, column ${SIZE}: Changed live`);
  await page.screenshot({ path: "tests/artifacts/big-board-corner.png" });

  // The public page is windowed the same way.
  const shared = await api(page, "PATCH", `/api/snaps/${snap.id}`, { isPublic: true });
  const visitor = await browser.newPage();
  await visitor.goto(`${new URL(page.url()).origin}/s/${shared.body.snap.shareToken}`);
  await expect(visitor.getByRole("grid")).toHaveAttribute("aria-rowcount", String(SIZE));
  await expect(visitor.getByRole("gridcell").first()).toBeVisible();
  expect(await visitor.getByRole("gridcell").count()).toBeLessThan(400);
  await visitor.close();
});

test("a 60 x 60 board: the page brings the first screen's cards, the rest follows, and a far card is reachable and editable", async ({ page, browser }) => {
  const SIDE = 60;
  await signUp(page, "Farah Far");
  const snap = await createSnap(page, { title: "Far", rows: SIDE, cols: SIDE });
  const idAt = (row: number, col: number) => snap.cards.find((card) => card.row === row && card.col === col)!.id;
  const titled = [
    { id: idAt(0, 0), title: "Near corner" },
    { id: idAt(SIDE - 1, SIDE - 1), title: "Far corner" },
    { id: idAt(SIDE - 1, SIDE - 2), title: "Beside it" },
  ];
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates: titled })).status).toBe(200);
  const shared = await api(page, "PATCH", `/api/snaps/${snap.id}`, { isPublic: true });

  // The page is sent with the first screen's cards and the grid's full size, the rest on its way
  // (the grid says it is busy until they are in), which come later in the same response.
  const html = await (await page.request.get(`/snaps/${snap.id}`)).text();
  expect(html).toContain("Row 1, column 1: Near corner");
  expect(html).toMatch(new RegExp(`role="grid"[^>]*aria-rowcount="${SIDE}"[^>]*aria-busy="true"`));

  await openBoard(page, snap.id);
  const grid = page.getByRole("grid");
  await expect(grid).toHaveAttribute("aria-rowcount", String(SIDE));
  await expect(grid).toHaveAttribute("aria-colcount", String(SIDE));
  await expect(grid).not.toHaveAttribute("aria-busy", "true");

  // By keyboard from the first card to the last one, every step focused and in view.
  await cardAt(page, 1, 1).click();
  for (let step = 1; step < SIDE; step += 1) await page.keyboard.press("ArrowRight");
  for (let step = 1; step < SIDE; step += 1) await page.keyboard.press("ArrowDown");
  const far = cardAt(page, SIDE, SIDE);
  await expect(far).toBeFocused();
  await expect(far).toBeInViewport();
  await expect(far).toHaveAccessibleName(`Row ${SIDE}, column ${SIDE}: Far corner`);
  await page.keyboard.press("ArrowLeft");
  await expect(cardAt(page, SIDE, SIDE - 1)).toBeFocused();
  await page.keyboard.press("ArrowRight");

  // Edited there, saved under its own id.
  await page.keyboard.press("Enter");
  await page.getByRole("textbox", { name: "Card text" }).fill("Edited far away");
  await page.keyboard.press("Enter");
  await expect(far).toHaveAccessibleName(`Row ${SIDE}, column ${SIDE}: Edited far away`);
  await expectSaved(page);
  const saved = (await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap.cards.find((card: { id: string }) => card.id === idAt(SIDE - 1, SIDE - 1));
  expect(saved.title).toBe("Edited far away");

  // Moved to the row's first column with the inspector: a plan over the whole board, which trades
  // places with the card there (loaded with the rest, not with the first screen).
  const column = page.getByRole("complementary", { name: "Inspector" }).getByLabel("Column", { exact: true });
  await column.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("1");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("gridcell", { name: /: Edited far away$/ })).toHaveAccessibleName(`Row ${SIDE}, column 1: Edited far away`);
  await expectSaved(page);
  const after = (await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap.cards as { id: string; row: number; col: number }[];
  expect(after.find((card) => card.id === idAt(SIDE - 1, SIDE - 1))).toMatchObject({ row: SIDE - 1, col: 0 });
  expect(after.find((card) => card.id === idAt(SIDE - 1, 0))).toMatchObject({ row: SIDE - 1, col: SIDE - 1 });

  // The public page loads the rest the same way.
  const visitor = await browser.newPage();
  await visitor.goto(`${new URL(page.url()).origin}/s/${shared.body.snap.shareToken}`);
  const publicGrid = visitor.getByRole("grid");
  await expect(publicGrid).toHaveAttribute("aria-rowcount", String(SIDE));
  await expect(publicGrid).not.toHaveAttribute("aria-busy", "true");
  await visitor.locator("[data-board-scroller]").evaluate((element) => element.scrollTo(element.scrollWidth, element.scrollHeight));
  await expect(cardAt(visitor, SIDE, SIDE - 1)).toHaveAccessibleName(`Row ${SIDE}, column ${SIDE - 1}: Beside it`);
  await visitor.close();
});
