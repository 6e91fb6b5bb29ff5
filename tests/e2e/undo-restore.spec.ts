import { expect, test, type Page } from "@playwright/test";
import { api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";

/**
 * A restore is one step of the undo stack (undone by restoring the version just before it, redone
 * by restoring it again), and undo does not reach across it to bring back what the restore replaced.
 */
test.describe.configure({ timeout: 120_000 });

const ARTIFACTS = "tests/artifacts";

async function versionOf(page: Page, snapId: string): Promise<number> {
  return (await api(page, "GET", `/api/snaps/${snapId}`)).body.snap.version;
}

test("a restore is one step to undo, and undo does not reach across it", async ({ page }) => {
  await signUp(page, "Ron Restore");
  const snap = await createSnap(page, { title: "Restored", rows: 1, cols: 2 });
  const [first, second] = snap.cards;
  expect(
    (
      await api(page, "PATCH", "/api/snaps/cards/batch", {
        updates: [
          { id: first!.id, title: "A" },
          { id: second!.id, title: "B" },
        ],
      })
    ).status,
  ).toBe(200);
  const named = await versionOf(page, snap.id);
  await openBoard(page, snap.id);

  // B deleted here, then A renamed here: two versions after `named`.
  await cardAt(page, 1, 2).click();
  await page.keyboard.press("Delete");
  await expect(cardAt(page, 1, 2)).toHaveCount(0);
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("F2");
  await page.keyboard.type("2");
  await page.keyboard.press("Enter");
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/^Row 1, column 1: A2/);
  await expect.poll(() => versionOf(page, snap.id)).toBe(named + 2);

  // The version with A and B restored: B comes back, though this board deleted it.
  await page.getByRole("button", { name: "History", exact: true }).click();
  await page.getByRole("button", { name: new RegExp(`^Version ${named}:`) }).click();
  await page.getByRole("button", { name: "Restore this version" }).click();
  await page
    .getByRole("dialog", { name: `Restore version ${named}?` })
    .getByRole("button", { name: "Restore this version" })
    .click();
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName(/^Row 1, column 2: B/);
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/^Row 1, column 1: A$/);
  await page.getByRole("button", { name: "Close history" }).click();

  // Undo: the restore as a whole (the renamed A, no B), not the rename or the delete before it.
  await page.keyboard.press("ControlOrMeta+z");
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/^Row 1, column 1: A2/);
  await expect(cardAt(page, 1, 2)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Undo", exact: true })).toBeDisabled();
  await page.screenshot({ path: `${ARTIFACTS}/undo-restore.png` });
  // Redo restores it again, for everyone.
  await page.keyboard.press("ControlOrMeta+Shift+z");
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName(/^Row 1, column 2: B/);
  await expect
    .poll(async () => (await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap.cards.map((card: { title: string }) => card.title))
    .toEqual(["A", "B"]);
});
