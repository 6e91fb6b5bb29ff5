import { expect, test, type Page } from "@playwright/test";
import { api, cardAt, createSnap, expectSaved, openBoard, signUp } from "./board-helpers";

/**
 * A gesture is one request (docs/SAVING.md, "One change, from gesture to wire"): a paste that brings
 * a line, and the removal of a row above one with a set height, each go as one
 * POST /api/snaps/:id/changes with their lines and snap fields: one version each.
 */

test.describe.configure({ timeout: 120_000 });
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** The board's writes as they leave the page: method and path, presence reports left out. */
function recordWrites(page: Page): { method: string; path: string; body: any }[] {
  const writes: { method: string; path: string; body: any }[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === "GET" || !path.startsWith("/api/") || path.endsWith("/presence")) return;
    writes.push({ method: request.method(), path, body: request.postDataJSON() });
  });
  return writes;
}

async function serverSnap(page: Page, snapId: string) {
  return (await api(page, "GET", `/api/snaps/${snapId}`)).body.snap;
}

test("a paste with a line, and a row removal with a set height, are one request and one version each", async ({ page }) => {
  await signUp(page, "Uma One");
  const snap = await createSnap(page, { title: "One request", rows: 3, cols: 3 });
  const idAt = (row: number, col: number) => snap.cards.find((card) => card.row === row && card.col === col)!.id;
  // Two titled cards joined by a line, and row 3 set taller: written as one change too.
  const setUp = await api(page, "POST", `/api/snaps/${snap.id}/changes`, {
    update: [
      { id: idAt(0, 0), title: "A" },
      { id: idAt(0, 1), title: "B" },
    ],
    lines: { create: [{ from: idAt(0, 0), to: idAt(0, 1) }] },
    snap: { rowHeights: { "2": 150 } },
  });
  expect(setUp.status).toBe(200);
  await openBoard(page, snap.id);
  const writes = recordWrites(page);

  // Copy A and B with their line; paste them at row 3.
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("ControlOrMeta+c");
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const beforePaste = (await serverSnap(page, snap.id)).version;
  await page.keyboard.press("ControlOrMeta+v");
  await expect(cardAt(page, 3, 1)).toHaveAccessibleName("Row 3, column 1: A");
  await expect(cardAt(page, 3, 2)).toHaveAccessibleName("Row 3, column 2: B");
  await expectSaved(page);
  expect(writes.map(({ method, path }) => `${method} ${path}`)).toEqual([`POST /api/snaps/${snap.id}/changes`]);
  expect(writes[0]!.body.lines.create).toEqual([expect.objectContaining({ from: expect.any(Number), to: expect.any(Number) })]);
  const pasted = await serverSnap(page, snap.id);
  expect(pasted.version).toBe(beforePaste + 1);
  expect(pasted.lines).toHaveLength(2);

  // Remove row 1 (A and B): the cards go, those below move up, and row 3's height moves to row 2.
  writes.length = 0;
  await page.getByRole("button", { name: "Remove row 1" }).click();
  await page.getByRole("dialog", { name: "Remove row 1?" }).getByRole("button", { name: "Remove row" }).click();
  await expect(cardAt(page, 2, 1)).toHaveAccessibleName("Row 2, column 1: A");
  await expectSaved(page);
  expect(writes.map(({ method, path }) => `${method} ${path}`)).toEqual([`POST /api/snaps/${snap.id}/changes`]);
  expect(writes[0]!.body.snap).toEqual({ rowHeights: { "1": 150 } });
  const removed = await serverSnap(page, snap.id);
  expect(removed.version).toBe(pasted.version + 1);
  expect(removed.rowHeights).toEqual({ "1": 150 });
  expect(removed.lines).toHaveLength(1);
});
