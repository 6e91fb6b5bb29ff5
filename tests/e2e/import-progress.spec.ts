import { expect, test } from "@playwright/test";
import { signUp } from "./board-helpers";

test("an upload import runs as a job: the dialog shows its progress bar, then opens the board", async ({ page }) => {
  await signUp(page, "Pia Progress");
  await page.goto("/");
  // The job's first read waits until the bar has been seen, so the test does not race the queue.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/import-jobs/*", async (route) => {
    await seen;
    await route.continue();
  });
  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import a snap" });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "Progress board.csv", mimeType: "text/csv", buffer: Buffer.from("One,Two\r\nThree,Four\r\n") });
  await expect(dialog).toContainText("Ready to import “Progress board”");
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  const bar = dialog.getByRole("progressbar", { name: "Importing Progress board.csv" });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", /^\d+$/);
  release();
  await page.waitForURL(/\/snaps\//);
  await expect(page.getByRole("heading", { name: "Progress board" })).toBeVisible();
});
