import { expect, test, type Page } from "@playwright/test";
import { api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";

/**
 * One card of every registered type (docs/ARCHITECTURE.md, "Card types"), and one of a type the
 * app does not know: each is drawn as its type says, named by it, and the inspector shows the
 * fields that type has.
 */
const inspectorOf = (page: Page) => page.getByRole("complementary", { name: "Inspector" });

test("every card type renders, is named by its type, and has its own inspector fields", async ({ page }, testInfo) => {
  await signUp(page, "Types");
  const snap = await createSnap(page, { title: "Card types", rows: 2, cols: 4 });
  const byPosition = (row: number, col: number) => snap.cards.find((card) => card.row === row && card.col === col)!.id;
  const updates = [
    { id: byPosition(0, 0), title: "Plain words" },
    { id: byPosition(0, 1), title: "Ship it", cellType: "todo", completed: true },
    { id: byPosition(0, 2), title: "Blocked", cellType: "status" },
    { id: byPosition(0, 3), title: "https://example.com/docs", cellType: "link" },
    { id: byPosition(1, 0), title: "javascript:alert(1)", cellType: "link" },
    { id: byPosition(1, 1), title: "https://example.com/embed", cellType: "designembed", note: "Wireframes" },
    { id: byPosition(1, 2), title: "A kanban lane", cellType: "kanban" },
  ];
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates })).status).toBe(200);
  await openBoard(page, snap.id);

  await expect(cardAt(page, 1, 1)).toHaveAccessibleName("Row 1, column 1: Plain words");
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName("Row 1, column 2: Ship it (to-do, done)");
  await expect(cardAt(page, 1, 3)).toHaveAccessibleName("Row 1, column 3: Blocked (status)");
  await expect(cardAt(page, 1, 4).getByRole("link", { name: /example\.com\/docs/ })).toHaveAttribute("href", "https://example.com/docs");
  // A title that is not a safe URL is shown as text, never as a link.
  await expect(cardAt(page, 2, 1).getByRole("link")).toHaveCount(0);
  await expect(cardAt(page, 2, 1)).toContainText("javascript:alert(1)");
  await expect(cardAt(page, 2, 2).locator("iframe")).toHaveAttribute("title", "Wireframes");
  // An unknown type is drawn, and named, as plain text.
  await expect(cardAt(page, 2, 3)).toHaveAccessibleName("Row 2, column 3: A kanban lane");
  await page.screenshot({ path: testInfo.outputPath("card-types-board.png") });

  const inspector = inspectorOf(page);
  await cardAt(page, 1, 2).click({ position: { x: 4, y: 4 } });
  await expect(inspector.getByLabel("Type")).toHaveValue("todo");
  await expect(inspector.getByLabel("Text", { exact: true })).toHaveValue("Ship it");
  await expect(inspector.getByLabel("Completed")).toBeChecked();
  await inspector.screenshot({ path: testInfo.outputPath("card-types-inspector-todo.png") });

  await cardAt(page, 1, 4).click({ position: { x: 4, y: 4 } });
  await expect(inspector.getByLabel("Type")).toHaveValue("link");
  await expect(inspector.getByLabel("URL", { exact: true })).toHaveValue("https://example.com/docs");
  await expect(inspector.getByLabel("Completed")).toHaveCount(0);

  await cardAt(page, 2, 2).click({ position: { x: 4, y: 4 } });
  await expect(inspector.getByLabel("URL (https)")).toHaveValue("https://example.com/embed");
  await inspector.getByLabel("Type").selectOption("image");
  await expect(inspector.getByLabel("Note (also the image's alt text)")).toHaveValue("Wireframes");

  await cardAt(page, 2, 3).click({ position: { x: 4, y: 4 } });
  await expect(inspector.getByLabel("Type")).toHaveValue("kanban");
  await expect(inspector.getByLabel("Type").locator("option:checked")).toHaveText("kanban (custom)");
  await inspector.screenshot({ path: testInfo.outputPath("card-types-inspector-custom.png") });
});

test("a design embed made while offline says so instead of a broken frame, and frames its page once back online", async ({ page, context }) => {
  await signUp(page, "Embed Offline");
  const snap = await createSnap(page, { title: "Embeds", rows: 1, cols: 2 });
  const [first] = snap.cards;
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: first!.id, title: "https://example.com/embed" }] })).status).toBe(200);
  await openBoard(page, snap.id);
  await context.setOffline(true);
  await cardAt(page, 1, 1).click({ position: { x: 4, y: 4 } });
  await inspectorOf(page).getByLabel("Type").selectOption("designembed");
  await expect(cardAt(page, 1, 1).getByRole("note")).toHaveText("You are offline: this design shows once you are back online.");
  await expect(cardAt(page, 1, 1).locator("iframe")).toHaveCount(0);
  await page.screenshot({ path: "tests/artifacts/card-types-embed-offline.png" });
  await context.setOffline(false);
  await expect(cardAt(page, 1, 1).locator("iframe")).toHaveCount(1);
  await expect(cardAt(page, 1, 1).getByText("You are offline", { exact: false })).toHaveCount(0);
});
