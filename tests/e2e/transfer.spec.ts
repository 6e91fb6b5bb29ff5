import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { api, signUp } from "./board-helpers";

const ARTIFACTS = "tests/artifacts";

async function moreMenu(page: Page) {
  await page.getByRole("button", { name: "More actions for this snap" }).click();
  return page.getByRole("menu", { name: "More actions for this snap" });
}

/** Clicks a menu item that downloads, and returns the download's name and bytes. */
async function download(page: Page, item: string): Promise<{ name: string; bytes: Buffer }> {
  const menu = await moreMenu(page);
  const [file] = await Promise.all([page.waitForEvent("download"), menu.getByRole("menuitem", { name: item }).click()]);
  const path = `${ARTIFACTS}/export-${file.suggestedFilename()}`;
  await file.saveAs(path);
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

test("templates, export, duplicate and import in the browser", async ({ page }) => {
  // One long flow of some thirty steps; on the shared machine it needs more than the default minute.
  test.setTimeout(240_000);
  await signUp(page, "Tess Transfer");
  await page.goto("/");

  // New snap from a template in the gallery.
  await page.getByRole("button", { name: "New snap" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New snap" });
  const gallery = dialog.getByRole("group", { name: "Start from" });
  await expect(gallery.getByRole("radio", { name: "Empty grid" })).toBeChecked();
  await gallery.getByText("Kanban", { exact: true }).click();
  await expect(gallery.getByRole("radio", { name: /^Kanban/ })).toBeChecked();
  await expect(dialog.getByLabel("Rows")).toHaveCount(0);
  await expect(dialog).toContainText("Backlog, to do, in progress and done columns");
  await page.screenshot({ path: `${ARTIFACTS}/new-snap-templates.png` });
  await dialog.getByRole("button", { name: "Create snap" }).click();
  await page.waitForURL(/\/snaps\//);
  await page.locator("[data-board-root][data-ready]").waitFor();
  await expect(page.getByRole("gridcell", { name: /^Row 1, column 1: Backlog/ })).toBeVisible();
  const snapId = page.url().split("/snaps/")[1]!;

  // Export: JSON, CSV, SVG and PNG downloads.
  const exporter = page;
  const json = await download(exporter, "Export as JSON");
  expect(json.name).toBe("kanban-board.snap.json");
  const document = JSON.parse(json.bytes.toString());
  expect(document).toMatchObject({ format: "snap-board", formatVersion: 1, snap: { title: "Kanban board", rows: 5, cols: 4 } });
  const csv = await download(exporter, "Export as CSV (card list)");
  expect(csv.bytes.toString().split("\r\n")[0]).toMatch(/^row,col,rowSpan,colSpan,title,note,cellType,completed,/);
  // The grid CSV beside it: the board as a table, its first row the board's first row.
  const grid = await download(exporter, "Export as CSV (grid)");
  expect(grid.name).toBe("kanban-board.grid.csv");
  const gridRows = grid.bytes.toString().trimEnd().split("\r\n");
  expect(gridRows).toHaveLength(5);
  expect(gridRows[0]).toContain("Backlog");
  expect(gridRows[0]!.split(",")).toHaveLength(4);
  const svg = await download(exporter, "Export as SVG");
  expect(svg.bytes.toString()).toContain("Backlog");
  const png = await download(exporter, "Export as PNG");
  expect(png.name).toBe("kanban-board.png");
  expect(png.bytes.subarray(1, 4).toString()).toBe("PNG");

  // Save as template.
  await (await moreMenu(page)).getByRole("menuitem", { name: "Save as template" }).click();
  const saveDialog = page.getByRole("dialog", { name: "Save as template" });
  await saveDialog.getByLabel("Name").fill("Team kanban");
  await saveDialog.getByLabel("Description (optional)").fill("Our four lanes");
  await saveDialog.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved “Team kanban” as a template for your workspace" })).toBeVisible();

  // Duplicate from the board: the copy opens.
  await (await moreMenu(page)).getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(page.getByRole("heading", { name: "Copy of Kanban board" })).toBeVisible();
  expect(page.url()).not.toContain(snapId);

  // Dashboard: duplicate from a tile's menu.
  await page.goto("/");
  await page.getByRole("button", { name: "Actions for Kanban board" }).click();
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Duplicated as “Copy of Kanban board”" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Snaps" }).getByRole("heading", { name: "Copy of Kanban board" })).toHaveCount(2);

  // The workspace template is in the gallery.
  await page.getByRole("button", { name: "New snap" }).first().click();
  await expect(page.getByRole("dialog", { name: "New snap" }).getByRole("radio", { name: /^Team kanban/ })).toBeVisible();
  await page.keyboard.press("Escape");

  // Import: a refused file lists its problems by path; a valid one shows its summary, then imports.
  await page.getByRole("button", { name: "Import" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import a snap" });
  const input = importDialog.locator('input[type="file"]');
  const broken = {
    ...document,
    cards: document.cards.map((card: { row: number }, index: number) => (index === 3 ? { ...card, row: 40 } : card)),
    lines: [{ from: "c1", to: "nope" }],
  };
  await input.setInputFiles({ name: "broken.snap.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(broken)) });
  await expect(importDialog.getByRole("alert")).toContainText("cards[3].row");
  await expect(importDialog.getByRole("alert")).toContainText("lines[0].to");
  await expect(importDialog.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await page.screenshot({ path: `${ARTIFACTS}/import-errors.png` });

  const renamed = { ...document, snap: { ...document.snap, title: "Imported kanban" } };
  await input.setInputFiles({ name: "kanban.snap.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(renamed)) });
  await expect(importDialog).toContainText("Ready to import “Imported kanban”");
  await expect(importDialog).toContainText("5 × 4 grid, 20 cards, 0 lines");
  await page.screenshot({ path: `${ARTIFACTS}/import-preview.png` });
  await importDialog.getByRole("button", { name: "Import", exact: true }).click();
  await page.waitForURL(/\/snaps\//);
  await expect(page.getByRole("heading", { name: "Imported kanban" })).toBeVisible();
  const { body } = await api(page, "GET", `/api/snaps/${page.url().split("/snaps/")[1]}/export`);
  expect({ ...body, exportedAt: undefined }).toEqual({ ...renamed, exportedAt: undefined });
});

test("the import dialog and template gallery at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, "Pia Phone");
  await page.goto("/");
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("dialog", { name: "Import a snap" })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/import-phone.png` });
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "New snap" }).first().click();
  await expect(page.getByRole("dialog", { name: "New snap" }).getByRole("radio", { name: /^OKRs/ })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/new-snap-templates-phone.png` });
});
