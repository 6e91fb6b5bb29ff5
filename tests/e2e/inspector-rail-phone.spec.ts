import { expect, test } from "@playwright/test";
import { api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";

/**
 * The inspector's rail is a wide screen's (components/board/inspector/inspector-panel.tsx): folded
 * on a laptop, the choice is kept by the browser, yet on a phone's width a selected card still
 * opens the inspector as its bottom sheet, and back on the wide screen the rail is still there.
 */
test.describe.configure({ timeout: 120_000 });

const ARTIFACTS = "tests/artifacts";

test("a folded inspector stays a rail on a wide screen and is the bottom sheet on a phone's width", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, "Rhea Rail");
  const snap = await createSnap(page, { title: "Rail", rows: 2, cols: 2 });
  const first = snap.cards.find((card) => card.row === 0 && card.col === 0)!;
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: first.id, title: "Rail me" }] })).status).toBe(200);
  await openBoard(page, snap.id);

  // Folded on the wide screen: a narrow rail with the button that unfolds it; a selection keeps it folded.
  await page.getByRole("button", { name: "Collapse inspector" }).click();
  const expand = page.getByRole("button", { name: "Expand inspector" });
  await expect(expand).toBeVisible();
  await expect(expand).toHaveAttribute("aria-expanded", "false");
  await cardAt(page, 1, 1).click();
  await expect(cardAt(page, 1, 1)).toHaveAttribute("aria-selected", "true");
  const inspector = page.getByRole("complementary", { name: "Inspector" });
  await expect(inspector.getByLabel("Text", { exact: true })).toBeHidden();

  // A phone's width: no rail, the selected card's inspector is the bottom sheet across the screen's foot.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(expand).toBeHidden();
  const text = inspector.getByLabel("Text", { exact: true });
  await expect(text).toBeVisible();
  await expect(text).toHaveValue("Rail me");
  const sheet = (await text.locator("xpath=ancestor::aside[1]").boundingBox())!;
  expect(sheet.y + sheet.height).toBeGreaterThan(844 - 2);
  expect(sheet.width).toBeGreaterThan(390 - 2);
  await page.screenshot({ path: `${ARTIFACTS}/inspector-rail-phone.png` });

  // Wide again: still folded, as the browser remembers.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(expand).toBeVisible();
  await expect(text).toBeHidden();
  await page.reload();
  await page.locator("[data-board-root][data-ready]").waitFor();
  await expect(page.getByRole("button", { name: "Expand inspector" })).toBeVisible();
});
