import { expect, test, type Page } from "@playwright/test";
import { addWorkspaceMember, api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";

const ARTIFACTS = "tests/artifacts";

// Two accounts (bcrypt) and a production board on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** A snap with history from a session, an API key and a rename: 4 versions. */
async function boardWithHistory(page: Page) {
  await signUp(page, "Hana History");
  const snap = await createSnap(page, { title: "Launch plan", rows: 2, cols: 3 });
  const titles = ["Brief", "Budget", "Venue"];
  const updates = snap.cards.slice(0, 3).map((card, index) => ({ id: card.id, title: titles[index], color: "#fde68a" }));
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates })).status).toBe(200);
  const key = (await api(page, "POST", "/api/keys", { name: "Nightly import" })).body.apiKey.key as string;
  const byKey = await page.request.patch(`/api/snaps/${snap.id}`, { data: { title: "Launch plan v2" }, headers: { Authorization: `Bearer ${key}` } });
  expect(byKey.status()).toBe(200);
  return snap;
}

function entry(page: Page, version: number) {
  return page.getByRole("button", { name: new RegExp(`^Version ${version}:`) });
}

test("the History panel lists who changed the board, previews a version and restores it", async ({ page }) => {
  const snap = await boardWithHistory(page);
  await openBoard(page, snap.id);
  await page.getByRole("button", { name: "History", exact: true }).click();
  const panel = page.getByRole("complementary", { name: "History" });
  await expect(entry(page, 3)).toHaveAccessibleName("Version 3: Renamed the snap, by Hana History via API key “Nightly import”");
  await expect(entry(page, 2)).toHaveAccessibleName("Version 2: Edited “Brief”, “Budget” and “Venue”, by Hana History");
  await expect(entry(page, 1)).toHaveAccessibleName("Version 1: Created the snap, by Hana History");
  await expect(panel.getByText("Current")).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/history-panel.png` });

  // Version 1 on the canvas, read-only: the cards as they were (no titles), the live board hidden.
  await entry(page, 1).click();
  await expect(page.getByText("Previewing version 1 (read-only)")).toBeVisible();
  const preview = page.locator("[data-history-preview]");
  await expect(preview.getByRole("gridcell", { name: /^Row 1, column 1:/ })).toBeVisible();
  await expect(preview.getByRole("gridcell", { name: /Brief/ })).toHaveCount(0);
  await expect(page.locator("[data-board-scroller]:not([data-history-preview])")).toBeHidden();
  await page.screenshot({ path: `${ARTIFACTS}/history-preview.png` });

  await page.getByRole("button", { name: "Restore this version" }).click();
  const dialog = page.getByRole("dialog", { name: "Restore version 1?" });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/history-restore-confirm.png` });
  await dialog.getByRole("button", { name: "Restore this version" }).click();
  await expect(page.getByText("Restored version 1")).toHaveCount(2); // the toast and the new entry
  await expect(entry(page, 4)).toHaveAccessibleName("Version 4: Restored version 1, by Hana History");

  // The live board took the restore (through its event stream) and the server agrees.
  await expect(page.locator("[data-board-scroller]:not([data-history-preview])")).toBeVisible();
  await expect(cardAt(page, 1, 1)).not.toHaveAccessibleName(/Brief/);
  const now = (await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap;
  expect(now.version).toBe(4);
  expect(now.title).toBe("Launch plan");
  expect(now.cards.map((card: { title: string }) => card.title)).toEqual(["", "", "", "", "", ""]);
  await page.screenshot({ path: `${ARTIFACTS}/history-restored.png` });

  // And a restore is undone by restoring the version before it.
  await entry(page, 3).click();
  await page.getByRole("button", { name: "Restore this version" }).click();
  await page.getByRole("dialog", { name: "Restore version 3?" }).getByRole("button", { name: "Restore this version" }).click();
  await expect(entry(page, 5)).toHaveAccessibleName(/^Version 5: Restored version 3/);
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/Brief/);
});

test("a viewer sees the history and previews versions but cannot restore; the panel fits a phone", async ({ page, browser }) => {
  await signUp(page, "Olga Owner");
  const snap = await createSnap(page, { title: "Shared plan", rows: 1, cols: 2 });
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: snap.cards[0]!.id, title: "First" }] })).status).toBe(200);
  const viewerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const viewer = await viewerContext.newPage();
  const viewerEmail = await signUp(viewer, "Vic Viewer");
  await addWorkspaceMember(page, viewer, viewerEmail);
  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: true, shareMode: "view" })).status).toBe(200);

  await openBoard(viewer, snap.id);
  // On a phone, History is in the header's "More" menu.
  await viewer.getByRole("button", { name: "More actions for this snap" }).click();
  await viewer.getByRole("menu").getByRole("menuitem", { name: "History" }).click();
  await expect(entry(viewer, 3)).toHaveAccessibleName("Version 3: Changed sharing, by Olga Owner");
  await viewer.screenshot({ path: `${ARTIFACTS}/history-phone.png` });
  await entry(viewer, 1).click();
  await expect(viewer.getByText("Previewing version 1 (read-only)")).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Restore this version" })).toHaveCount(0);
  await viewer.screenshot({ path: `${ARTIFACTS}/history-phone-preview.png` });
  await viewer.getByRole("button", { name: "Back to current" }).click();
  await expect(viewer.getByText(/Previewing version/)).toHaveCount(0);

  // The owner's next write reaches the viewer's open panel live.
  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { title: "Shared plan, final" })).status).toBe(200);
  await expect(entry(viewer, 4)).toHaveAccessibleName("Version 4: Renamed the snap, by Olga Owner");
  await viewerContext.close();
});
