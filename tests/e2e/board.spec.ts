import { expect, test } from "@playwright/test";
import { addWorkspaceMember, api, cardAt, createSnap, dragTo, expectSaved, openBoard, signUp } from "./board-helpers";

const ARTIFACTS = "tests/artifacts";

test("edit a board: text, color, type, to-do, move, span, undo and redo, all persisted", async ({ page }) => {
  await signUp(page, "Bo Editor");
  const snap = await createSnap(page, { title: "Launch plan", subtitle: "Q3 product launch", icon: "🚀", rows: 3, cols: 4 });
  await openBoard(page, snap.id);
  await expect(page.getByRole("heading", { name: "Launch plan" })).toBeVisible();
  await expect(page.getByRole("gridcell")).toHaveCount(12);

  // Edit a card's text inline: double-click, type, Enter.
  await cardAt(page, 1, 1).dblclick();
  const editor = page.getByRole("textbox", { name: "Card text" });
  await expect(editor).toBeFocused();
  await editor.fill("Goals");
  await editor.press("Enter");
  const goals = page.getByRole("gridcell", { name: /^Row \d+, column \d+: Goals/ });
  await expect(goals).toHaveAccessibleName(/^Row 1, column 1: Goals/);
  await expect(goals).toBeFocused();

  // Its color, from the inspector.
  const inspector = page.getByRole("complementary", { name: "Inspector" });
  await inspector.getByRole("button", { name: "Color #dbeafe" }).click();
  await expect(goals).toHaveCSS("background-color", "rgb(219, 234, 254)");

  // The next card by keyboard: arrow, Enter to edit; then its type, and tick it.
  await goals.click();
  await page.keyboard.press("ArrowRight");
  await expect(cardAt(page, 1, 2)).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.type("Write the announcement");
  await page.keyboard.press("Enter");
  await inspector.getByLabel("Type").selectOption("todo");
  const done = page.getByRole("checkbox", { name: "Done: Write the announcement" });
  await expect(done).not.toBeChecked();
  await done.check();
  await expect(page.getByRole("gridcell", { name: /Write the announcement \(to-do, done\)/ })).toBeVisible();

  // Drag Goals to column 3: it trades places with the empty card there.
  await dragTo(page, goals, cardAt(page, 1, 3));
  await expect(goals).toHaveAccessibleName(/^Row 1, column 3: Goals/);
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName("Row 1, column 1: empty");

  // Drag its corner over the empty cards below and to the right: it spans 2 x 2.
  await goals.click();
  await dragTo(page, goals.locator('[data-resize-handle="se"]'), cardAt(page, 2, 4));
  await expect(goals).toHaveAttribute("aria-colspan", "2");
  await expect(goals).toHaveAttribute("aria-rowspan", "2");
  await expect(page.getByRole("gridcell")).toHaveCount(9);

  // Undo the span (the covered cards come back), redo it.
  await page.keyboard.press("Control+z");
  await expect(goals).not.toHaveAttribute("aria-colspan");
  await expect(page.getByRole("gridcell")).toHaveCount(12);
  await page.keyboard.press("Control+Shift+z");
  await expect(goals).toHaveAttribute("aria-colspan", "2");
  await expect(page.getByRole("gridcell")).toHaveCount(9);
  // And through the toolbar: undo, redo.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(goals).not.toHaveAttribute("aria-rowspan");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(goals).toHaveAttribute("aria-rowspan", "2");
  await expectSaved(page);
  await goals.click();
  await page.screenshot({ path: `${ARTIFACTS}/board-editing.png` });

  // Meanwhile an integration fills the last row through the API; the reload shows it too.
  const lastRow = snap.cards.filter((card) => card.row === 2);
  await api(page, "PATCH", "/api/snaps/cards/batch", {
    updates: [
      { id: lastRow[0]!.id, title: "On track", cellType: "status" },
      { id: lastRow[1]!.id, title: "https://example.com/launch/brief", cellType: "link" },
      { id: lastRow[2]!.id, title: "Ship it!", color: "#1e293b", textAlign: "center", verticalAlign: "middle", fontSize: "text-2xl", bold: true },
      { id: lastRow[3]!.id, title: "Press kit\nand screenshots", note: "Ask design", italic: true, color: "#fef9c3" },
    ],
  });

  // After a reload, everything is as it was left.
  await page.reload();
  await page.locator("[data-board-root][data-ready]").waitFor();
  await expect(goals).toHaveAccessibleName(/^Row 1, column 3: Goals/);
  await expect(goals).toHaveAttribute("aria-colspan", "2");
  await expect(goals).toHaveAttribute("aria-rowspan", "2");
  await expect(goals).toHaveCSS("background-color", "rgb(219, 234, 254)");
  await expect(page.getByRole("checkbox", { name: "Done: Write the announcement" })).toBeChecked();
  await expect(page.getByRole("gridcell")).toHaveCount(9);
  await page.screenshot({ path: `${ARTIFACTS}/board.png` });

  // And through the API.
  const { status, body } = await api(page, "GET", `/api/snaps/${snap.id}`);
  expect(status).toBe(200);
  const cards: any[] = body.snap.cards;
  expect(cards).toHaveLength(9);
  expect(cards.find((card) => card.title === "Goals")).toMatchObject({ row: 0, col: 2, rowSpan: 2, colSpan: 2, color: "#dbeafe", cellType: "normal" });
  expect(cards.find((card) => card.title === "Write the announcement")).toMatchObject({ row: 0, col: 1, cellType: "todo", completed: true });
  expect(cards.filter((card) => card.row === 0 && card.col === 0)).toHaveLength(1);

  // On a phone the board scrolls inside its own area.
  await page.setViewportSize({ width: 390, height: 844 });
  const scroller = page.locator("[data-board-scroller]");
  expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await page.screenshot({ path: `${ARTIFACTS}/board-390.png` });
  // The inspector becomes a bottom sheet, which folds away to its title bar.
  await goals.click();
  const sheet = page.getByRole("complementary", { name: "Inspector" });
  await expect(sheet.getByLabel("Text", { exact: true })).toBeVisible();
  await sheet.getByRole("button", { name: "Collapse inspector" }).click();
  await expect(sheet.getByLabel("Text", { exact: true })).toBeHidden();
  await page.screenshot({ path: `${ARTIFACTS}/board-390-sheet.png` });
});

test("lines, rows and columns, a new card, a resized column, and a delete", async ({ page }) => {
  await signUp(page, "Lin Liner");
  const snap = await createSnap(page, { title: "Flow", rows: 2, cols: 3 });
  await api(page, "PATCH", "/api/snaps/cards/batch", {
    updates: [
      { id: snap.cards[0]!.id, title: "Idea" },
      { id: snap.cards[2]!.id, title: "Launch" },
    ],
  });
  await openBoard(page, snap.id);

  // Connect mode: pick the source, then the target.
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByText("Pick the card the line starts from.")).toBeVisible();
  await cardAt(page, 1, 1).click();
  await cardAt(page, 1, 3).click();
  const line = page.getByRole("button", { name: /^Line from Row 1, column 1: Idea to Row 1, column 3: Launch$/ });
  await expect(line).toHaveCount(1);
  await expect(page.getByRole("complementary", { name: "Inspector" }).getByRole("heading", { name: "Line", exact: true })).toBeVisible();
  await expectSaved(page);
  expect((await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap.lines).toMatchObject([{ arrow: "end", style: "solid" }]);

  // Select it and delete it with the keyboard.
  await line.focus();
  await page.keyboard.press("Delete");
  await expect(line).toHaveCount(0);
  await expectSaved(page);
  expect((await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap.lines).toEqual([]);

  // A row and a column are added (empty cards), then a row with content is removed after confirming.
  await page.getByRole("button", { name: "Add row" }).click();
  await page.getByRole("button", { name: "Add column" }).click();
  await expect(page.getByRole("gridcell")).toHaveCount(12);
  await page.getByRole("button", { name: "Remove row 1" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove row 1?" });
  await expect(confirm).toContainText("2 cards with content");
  await confirm.getByRole("button", { name: "Remove row" }).click();
  await expect(page.getByRole("gridcell")).toHaveCount(8);
  await expect(page.getByRole("gridcell", { name: /Idea/ })).toHaveCount(0);

  // Delete a card with the keyboard; add one in the empty cell with its "+".
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("Delete");
  await expect(page.getByRole("gridcell", { name: /^Row 1, column 1:/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Add card at row 1, column 1" }).click();
  await page.getByRole("textbox", { name: "Card text" }).fill("Fresh");
  await page.keyboard.press("Enter");
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName("Row 1, column 1: Fresh");

  // Widen column 2 by dragging its grid line.
  const handle = page.getByRole("separator", { name: "Resize column 2" });
  await expect(handle).toHaveAttribute("aria-valuenow", "200");
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(handle).toHaveAttribute("aria-valuenow", "280");
  await expectSaved(page);

  // Rename inline; then the settings dialog: background, spacing, font.
  await page.getByRole("button", { name: "Rename snap: Flow" }).click();
  await page.getByRole("textbox", { name: "Snap title" }).fill("Flow chart");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Flow chart" })).toBeVisible();
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  const settings = page.getByRole("dialog", { name: "Snap settings" });
  await expect(settings.getByLabel("Title", { exact: true })).toHaveValue("Flow chart");
  await settings.getByLabel("Subtitle").fill("From idea to launch");
  await settings.getByRole("button", { name: "Color #fef3c7" }).click();
  await settings.getByLabel("Font").selectOption({ label: "Serif" });
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByText("From idea to launch")).toBeVisible();
  await expect(page.locator("[data-board-scroller]")).toHaveCSS("background-color", "rgb(254, 243, 199)");
  await expectSaved(page);

  const saved = (await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap;
  expect(saved).toMatchObject({
    title: "Flow chart",
    subtitle: "From idea to launch",
    canvasBackgroundColor: "#fef3c7",
    fontFamily: "ui-serif, Georgia, serif",
  });
  expect(saved.colWidths).toEqual({ "1": 280 });
  expect(saved.cards).toHaveLength(8);
  expect(saved.cards.find((card: any) => card.row === 0 && card.col === 0)).toMatchObject({ title: "Fresh" });

  // Delete the snap: confirmed, then back to the dashboard, and it is gone.
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await settings.getByRole("button", { name: "Delete snap" }).click();
  const confirmDelete = page.getByRole("dialog", { name: "Delete “Flow chart”?" });
  await expect(confirmDelete.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirmDelete.getByRole("button", { name: "Delete snap" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  expect((await api(page, "GET", `/api/snaps/${snap.id}`)).status).toBe(404);
  await page.goto(`/snaps/${snap.id}`);
  await expect(page.getByRole("heading", { name: "Snap not found" })).toBeVisible();
});

test("share publicly: the link opens read-only in a fresh browser, and stops working when unshared", async ({ page, browser }) => {
  await signUp(page, "Sam Sender");
  const snap = await createSnap(page, { title: "Roadmap", subtitle: "What ships when", icon: "🗺", rows: 2, cols: 3 });
  const [a, b, c, d] = snap.cards;
  await api(page, "PATCH", "/api/snaps/cards/batch", {
    updates: [
      { id: a!.id, title: "Now", bold: true, color: "#dcfce7" },
      { id: b!.id, title: "Write docs", cellType: "todo", completed: true },
      { id: c!.id, title: "In progress", cellType: "status" },
      { id: d!.id, title: "https://example.com/plan", cellType: "link" },
    ],
  });
  await openBoard(page, snap.id);

  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share “Roadmap”" });
  await dialog.getByRole("switch", { name: "Public link" }).click();
  const linkField = dialog.getByRole("textbox", { name: "Public link" });
  await expect(linkField).toHaveValue(/\/s\/[A-Za-z0-9_-]{20,}$/);
  const link = await linkField.inputValue();
  await dialog.getByRole("switch", { name: "Share with your workspace" }).click();
  await expect(dialog.getByRole("radio", { name: "View" })).toBeChecked();
  await page.screenshot({ path: `${ARTIFACTS}/share-dialog.png` });

  // A fresh browser: no session, nothing editable.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(link);
  await expect(publicPage.getByRole("heading", { name: "Roadmap" })).toBeVisible();
  await expect(publicPage.getByRole("gridcell", { name: /^Row 1, column 1: Now/ })).toBeVisible();
  await expect(publicPage.getByRole("gridcell", { name: /Write docs \(to-do, done\)/ })).toBeVisible();
  await expect(publicPage.getByRole("link", { name: /example\.com\/plan/ })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(publicPage.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  for (const role of ["textbox", "checkbox", "switch", "separator"] as const) await expect(publicPage.getByRole(role)).toHaveCount(0);
  // The only buttons are the view's zoom controls: zooming changes nothing of the board.
  await expect(publicPage.getByRole("toolbar", { name: "Zoom" }).getByRole("button")).toHaveCount(4);
  await expect(publicPage.getByRole("button")).toHaveCount(4);
  await expect(publicPage.getByRole("complementary", { name: "Inspector" })).toHaveCount(0);
  await publicPage.getByRole("gridcell", { name: /Now/ }).dblclick();
  await expect(publicPage.getByRole("textbox")).toHaveCount(0);
  await expect(publicPage.getByRole("link", { name: /Made with Snap Board/ })).toHaveAttribute("href", "/sign-up");
  await publicPage.screenshot({ path: `${ARTIFACTS}/public-page.png` });

  // Stop sharing: the same link now finds nothing.
  await dialog.getByRole("button", { name: "Stop sharing" }).click();
  await expect(dialog.getByRole("switch", { name: "Public link" })).toHaveAttribute("aria-checked", "false");
  await expect(dialog.getByRole("switch", { name: "Share with your workspace" })).toHaveAttribute("aria-checked", "false");
  const gone = await publicPage.goto(link);
  expect(gone?.status()).toBe(404);
  await expect(publicPage.getByRole("heading", { name: "This link doesn't lead to a snap" })).toBeVisible();
  await visitor.close();
});

test("a workspace member with view access cannot edit; with edit access they can", async ({ page, browser }) => {
  await signUp(page, "Olive Owner");
  const snap = await createSnap(page, { title: "Team board", rows: 2, cols: 2 });
  await api(page, "PATCH", "/api/snaps/cards/batch", {
    updates: [
      { id: snap.cards[0]!.id, title: "Agenda" },
      { id: snap.cards[1]!.id, title: "Book the room", cellType: "todo" },
    ],
  });

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const memberEmail = await signUp(member, "Mo Member");

  // Not in the workspace, snap private: no access.
  await member.goto(`/snaps/${snap.id}`);
  await expect(member.getByRole("heading", { name: "You don't have access to this snap" })).toBeVisible();

  await addWorkspaceMember(page, member, memberEmail);
  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: true, shareMode: "view" })).status).toBe(200);

  // View access: the board, with no edit controls at all.
  await openBoard(member, snap.id);
  await expect(member.getByText("View only")).toBeVisible();
  await expect(member.getByRole("gridcell", { name: /^Row 1, column 1: Agenda/ })).toBeVisible();
  for (const name of ["Settings", "Share", "Undo", "Connect", "Add row", "Add column"]) {
    await expect(member.getByRole("button", { name, exact: true })).toHaveCount(0);
  }
  await expect(member.getByRole("complementary", { name: "Inspector" })).toHaveCount(0);
  await expect(member.getByRole("checkbox")).toHaveCount(0);
  await member.getByRole("gridcell", { name: /Agenda/ }).dblclick();
  await expect(member.getByRole("textbox")).toHaveCount(0);

  // Edit access: the member edits, and the owner sees it.
  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { shareMode: "edit" })).status).toBe(200);
  await member.reload();
  await member.locator("[data-board-root][data-ready]").waitFor();
  await expect(member.getByText("View only")).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Share", exact: true })).toHaveCount(0); // sharing stays the owner's
  await member.getByRole("gridcell", { name: /Agenda/ }).dblclick();
  await member.getByRole("textbox", { name: "Card text" }).fill("Agenda (edited by a member)");
  await member.keyboard.press("Enter");
  await member.getByRole("checkbox", { name: "Done: Book the room" }).check();
  await expectSaved(member);

  const { body } = await api(page, "GET", `/api/snaps/${snap.id}`);
  expect(body.snap.cards[0]).toMatchObject({ title: "Agenda (edited by a member)" });
  expect(body.snap.cards[1]).toMatchObject({ title: "Book the room", completed: true });
  await memberContext.close();
});

test("a failed save rolls back and says why", async ({ page, browser }) => {
  await signUp(page, "Rita Revoker");
  const snap = await createSnap(page, { title: "Shared notes", rows: 1, cols: 2 });
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await addWorkspaceMember(page, member, await signUp(member, "Rob Rollback"));
  await api(page, "PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: true, shareMode: "edit" });
  // Its live stream cut: with it the board turns read-only the moment access drops (the stream's
  // `access` message, tests/e2e/board-members.spec.ts), so here only the save itself can be refused.
  await member.route(`**/api/snaps/${snap.id}/events**`, (route) => route.abort());
  await openBoard(member, snap.id);

  // The owner takes edit access away while the member has the board open.
  await api(page, "PATCH", `/api/snaps/${snap.id}`, { shareMode: "view" });
  await cardAt(member, 1, 1).dblclick();
  await member.getByRole("textbox", { name: "Card text" }).fill("Too late");
  await member.keyboard.press("Enter");
  await expect(member.getByRole("status").filter({ hasText: "Couldn't save: You may not edit" })).toBeVisible();
  await expect(member.getByText("Save failed")).toBeVisible();
  await expect(cardAt(member, 1, 1)).toHaveAccessibleName("Row 1, column 1: empty");
  await memberContext.close();
});
