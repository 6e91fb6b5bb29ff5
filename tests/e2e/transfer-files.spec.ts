import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { api, createSnap, signUp } from "./board-helpers";

const ARTIFACTS = "tests/artifacts";

test("a board with an uploaded image leaves as a .snap.zip and comes back with its image", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page, "Zed Zip");
  const snap = await createSnap(page, { title: "Harbour photos", rows: 3, cols: 3 });
  const origin = new URL(baseURL!).origin;
  const png = await sharp({ create: { width: 240, height: 160, channels: 3, background: "#1e88e5" } })
    .png()
    .toBuffer();
  const uploaded = await page.request.fetch(`/api/snaps/${snap.id}/files?name=harbour.png`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "image/png" },
    data: png,
  });
  expect(uploaded.status()).toBe(201);
  const file = (await uploaded.json()).file as { id: string; url: string };
  const card = await api(page, "POST", `/api/snaps/cards/${snap.id}`, { row: 1, col: 1, colSpan: 2, cellType: "image", title: file.url, note: "Harbour" });
  expect(card.status).toBe(201);

  await page.goto(`/snaps/${snap.id}`);
  await page.locator("[data-board-root][data-ready]").waitFor();
  await page.getByRole("button", { name: "More actions for this snap" }).click();
  const menu = page.getByRole("menu", { name: "More actions for this snap" });
  await expect(menu.getByRole("menuitem", { name: "Export with files" })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/export-with-files-menu.png` });
  const [download] = await Promise.all([page.waitForEvent("download"), menu.getByRole("menuitem", { name: "Export with files" }).click()]);
  expect(download.suggestedFilename()).toBe("harbour-photos.snap.zip");
  const archivePath = `${ARTIFACTS}/export-harbour-photos.snap.zip`;
  await download.saveAs(archivePath);
  const archive = readFileSync(archivePath);
  expect(archive.subarray(0, 2).toString()).toBe("PK");
  expect(archive.includes(Buffer.from(`files/${file.id}`))).toBe(true);

  await page.goto("/");
  await page.getByRole("button", { name: "Import" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import a snap" });
  await expect(importDialog).toContainText(".snap.zip");
  await importDialog.locator('input[type="file"]').setInputFiles({ name: "harbour-photos.snap.zip", mimeType: "application/zip", buffer: archive });
  await expect(importDialog).toContainText("Ready to import “harbour-photos”");
  await expect(importDialog).toContainText("3 × 3 grid");
  await expect(importDialog).toContainText("1 file");
  await page.screenshot({ path: `${ARTIFACTS}/import-snap-zip-preview.png` });
  await importDialog.getByRole("button", { name: "Import", exact: true }).click();
  await page.waitForURL(/\/snaps\//);
  await expect(page.getByRole("heading", { name: "Harbour photos" })).toBeVisible();
  const copyId = page.url().split("/snaps/")[1]!;
  expect(copyId).not.toBe(snap.id);
  const image = page.getByRole("img", { name: "Harbour" });
  await expect(image).toBeVisible();
  const src = await image.getAttribute("src");
  expect(src).toMatch(/\/api\/files\/[a-z0-9]+/);
  expect(src).not.toContain(file.id);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  await page.screenshot({ path: `${ARTIFACTS}/import-snap-zip-board.png` });
});
