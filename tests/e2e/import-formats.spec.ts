import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signUp } from "./board-helpers";
import { excelWorkbook } from "../fixtures/xlsx/workbooks";

const ARTIFACTS = "tests/artifacts";

test("the import dialog previews and imports a CSV, a workbook and a Trello export", async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, "Ines Ingram");
  await page.goto("/");
  const openDialog = async () => {
    await page.getByRole("button", { name: "Import" }).click();
    const dialog = page.getByRole("dialog", { name: "Import a snap" });
    return { dialog, input: dialog.locator('input[type="file"]') };
  };

  // A CSV: its title from the file's name, its size and its first cells before importing.
  let { dialog, input } = await openDialog();
  await input.setInputFiles({
    name: "Team roster.csv",
    mimeType: "text/csv",
    buffer: Buffer.from('Name,Role\r\n"Lovelace, Ada",Engineer\r\nGrace,Admiral\r\n'),
  });
  await expect(dialog).toContainText("Ready to import “Team roster”");
  await expect(dialog).toContainText("3 × 2 grid, 6 cards, 0 lines");
  const preview = dialog.getByRole("table", { name: "First cells of the file" });
  await expect(preview.getByRole("cell", { name: "Lovelace, Ada" })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/import-csv-preview.png` });
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await page.waitForURL(/\/snaps\//);
  await expect(page.getByRole("heading", { name: "Team roster" })).toBeVisible();
  await page.locator("[data-board-root][data-ready]").waitFor();
  await expect(page.getByRole("gridcell", { name: /^Row 2, column 1: Lovelace, Ada/ })).toBeVisible();

  // A workbook as Excel writes it: previewed from the server's dry run.
  await page.goto("/");
  ({ dialog, input } = await openDialog());
  await input.setInputFiles({ name: "Q3 plan.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: excelWorkbook() });
  await expect(dialog).toContainText("Ready to import “Q3 plan”");
  await expect(dialog.getByRole("table", { name: "First cells of the file" }).getByRole("cell", { name: "$1,234.50" })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/import-xlsx-preview.png` });

  // A Trello export, told from an export document by its shape; a broken one says why.
  ({ input } = { input: dialog.locator('input[type="file"]') });
  await input.setInputFiles({
    name: "board.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ id: "b", name: "x", lists: [{ name: 5 }], cards: [] })),
  });
  await expect(dialog.getByRole("alert")).toContainText("lists[0].id");
  await expect(dialog.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  const trello = readFileSync(new URL("../fixtures/trello/launch-board.json", import.meta.url));
  await input.setInputFiles({ name: "trello-launch.json", mimeType: "application/json", buffer: trello });
  await expect(dialog).toContainText("Ready to import “Website launch”");
  await expect(dialog.getByRole("table", { name: "First cells of the file" }).getByRole("cell", { name: "Backlog" })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/import-trello-preview.png` });
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await page.waitForURL(/\/snaps\//);
  await expect(page.getByRole("heading", { name: "Website launch" })).toBeVisible();
});
