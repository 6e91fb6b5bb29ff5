import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { addWorkspaceMember, api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";
import { seriousViolations } from "./axe";

const ARTIFACTS = "tests/artifacts";

// Two accounts (bcrypt), two browsers and two uploads on a shared 2-core machine.
test.describe.configure({ timeout: 150_000 });

async function png(color: string, width: number, height: number): Promise<string> {
  return (
    await sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer()
  ).toString("base64");
}

/** Drops a file on an element, as a file dragged from the desktop is (dragover, then drop with its DataTransfer). */
async function dropFile(target: Locator, name: string, base64: string): Promise<void> {
  const transfer = await target.page().evaluateHandle(
    ({ name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: "image/png" }));
      return data;
    },
    { name, base64 },
  );
  await target.dispatchEvent("dragover", { dataTransfer: transfer });
  await target.dispatchEvent("drop", { dataTransfer: transfer });
}

/** A paste of an image (a screenshot on the clipboard) where the focus is. */
async function pasteImage(page: Page, base64: string): Promise<void> {
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "image.png", { type: "image/png" }));
    (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, base64);
}

/** The image a card shows, once it has loaded (its natural size is known). */
async function expectImageShown(card: Locator): Promise<void> {
  const image = card.locator("img");
  await expect(image).toHaveAttribute("src", /^\/api\/files\/[a-z0-9]+\?size=display/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

test("an image dropped on an empty cell and a pasted screenshot become image cards, seen live by a second viewer", async ({ page, browser }) => {
  await signUp(page, "Pia Picture");
  const snap = await createSnap(page, { title: "Mood board", rows: 2, cols: 2 });
  // Two empty cells in the first row.
  for (const card of snap.cards.filter((card) => card.row === 0)) expect((await api(page, "DELETE", `/api/snaps/cards/${card.id}`)).status).toBe(200);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await addWorkspaceMember(page, member, await signUp(member, "Milo Member"));
  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: true })).status).toBe(200);
  await openBoard(page, snap.id);
  await openBoard(member, snap.id);
  await expect(member.getByRole("status", { name: /^Live/ })).toBeVisible();

  await dropFile(page.locator('[role="gridcell"][aria-rowindex="1"][aria-colindex="1"]'), "sunset.png", await png("#e67e22", 900, 600));
  await expectImageShown(cardAt(page, 1, 1));
  await expectImageShown(cardAt(member, 1, 1));

  await page.getByRole("button", { name: "Add card at row 1, column 2" }).focus();
  await pasteImage(page, await png("#16a085", 1280, 720));
  await expectImageShown(cardAt(page, 1, 2));
  await expectImageShown(cardAt(member, 1, 2));
  // The pasted image is the snap's second file; both cards name their file by its URL.
  const files = await api(page, "GET", `/api/snaps/${snap.id}/files`);
  expect(files.body.files.map((file: { name: string }) => file.name).sort()).toEqual(["image.png", "sunset.png"]);

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page), colorScheme).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/files-board-${colorScheme}.png` });
  }
  await member.screenshot({ path: `${ARTIFACTS}/files-board-member.png` });
  await memberContext.close();
});

test("a failed upload says why and leaves no card behind", async ({ page }) => {
  await signUp(page, "Fay Failure");
  const snap = await createSnap(page, { title: "Broken", rows: 1, cols: 2 });
  for (const card of snap.cards) expect((await api(page, "DELETE", `/api/snaps/cards/${card.id}`)).status).toBe(200);
  await openBoard(page, snap.id);
  // A real PNG cut short: its header says PNG, its pixels are missing.
  const cut = Buffer.from(await png("#c0392b", 300, 200), "base64").subarray(0, 80);
  await dropFile(page.locator('[role="gridcell"][aria-rowindex="1"][aria-colindex="1"]'), "broken.png", cut.toString("base64"));
  await expect(page.getByText(/Couldn't upload broken\.png: The image could not be read/)).toBeVisible();
  await expect(page.getByRole("gridcell", { name: /^Row 1, column 1: empty/ })).toHaveCount(0);
  await expect(page.locator("[data-card-id]")).toHaveCount(0);
});
