import { readFile } from "node:fs/promises";
import { expect, test, type Locator } from "@playwright/test";
import { addWorkspaceMember, api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";
import { seriousViolations } from "./axe";

const ARTIFACTS = "tests/artifacts";

// Two accounts (bcrypt), two browsers and uploads on a shared 2-core machine.
test.describe.configure({ timeout: 150_000 });

/** Drops a text file on an element, as a file dragged from the desktop is. */
async function dropTextFile(target: Locator, name: string, text: string): Promise<void> {
  const transfer = await target.page().evaluateHandle(
    ({ name, text }) => {
      const data = new DataTransfer();
      data.items.add(new File([text], name, { type: "text/plain" }));
      return data;
    },
    { name, text },
  );
  await target.dispatchEvent("dragover", { dataTransfer: transfer });
  await target.dispatchEvent("drop", { dataTransfer: transfer });
}

test("a file attached from the inspector shows as a chip and a paperclip, downloads, is removed, and a second browser sees it live", async ({
  page,
  browser,
}) => {
  await signUp(page, "Ada Attach");
  const snap = await createSnap(page, { title: "Specs", rows: 1, cols: 2 });
  const first = snap.cards.find((card) => card.row === 0 && card.col === 0)!;
  expect((await api(page, "PATCH", `/api/snaps/cards/${first.id}`, { title: "Launch plan" })).status).toBe(200);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await addWorkspaceMember(page, member, await signUp(member, "Max Member"));
  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: true })).status).toBe(200);
  await openBoard(page, snap.id);
  await openBoard(member, snap.id);
  await expect(member.getByRole("status", { name: /^Live/ })).toBeVisible();

  await expect(member.getByText("View only")).toBeVisible();
  await cardAt(page, 1, 1).click();
  const attachments = page.getByRole("list", { name: "Attachments" });
  await expect(page.getByText("No attachments.")).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Attach file…" }).click();
  await (await chooser).setFiles({ name: "budget.csv", mimeType: "text/csv", buffer: Buffer.from("item,cost\nrocket,42\n") });
  await expect(attachments.getByRole("listitem")).toHaveCount(1);
  await expect(attachments.getByRole("listitem")).toContainText("budget.csv");
  await expect(attachments.getByRole("listitem")).toContainText("20 B");
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/\. 1 attachment(\.|$)/);
  await expect(cardAt(page, 1, 1).locator("[data-attachment-count='1']")).toBeVisible();
  // Live in the second browser: the card's paperclip, and the chip in its inspector.
  await expect(cardAt(member, 1, 1)).toHaveAccessibleName(/\. 1 attachment(\.|$)/);
  await cardAt(member, 1, 1).click();
  await expect(member.getByRole("list", { name: "Attachments" }).getByRole("listitem")).toContainText("budget.csv");
  // The member only views the board (a workspace share): chips with a download link, no remove, no attach.
  await expect(member.getByRole("status", { name: /^Live/ })).toBeVisible();
  await expect(member.getByRole("link", { name: "Download budget.csv" })).toBeVisible();
  await expect(member.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Attach file…" })).toHaveCount(0);

  // Downloaded as an attachment, under its name, with its bytes.
  const download = page.waitForEvent("download");
  await attachments.getByRole("link", { name: "Download budget.csv" }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe("budget.csv");
  expect(await readFile((await saved.path())!, "utf8")).toBe("item,cost\nrocket,42\n");

  // A file dropped on the card is attached too.
  await dropTextFile(cardAt(page, 1, 1), "minutes.txt", "We agreed.");
  await expect(attachments.getByRole("listitem")).toHaveCount(2);
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/\. 2 attachments(\.|$)/);
  await expect(cardAt(member, 1, 1)).toHaveAccessibleName(/\. 2 attachments(\.|$)/);
  await expect(member.getByRole("list", { name: "Attachments" }).getByRole("listitem")).toHaveCount(2);

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page), colorScheme).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/card-attachments-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await member.screenshot({ path: `${ARTIFACTS}/card-attachments-member.png` });

  // A refused removal comes back, with the server's message (the board sends every card edit as one change).
  // The refusal is held until the removal was seen: the board sends a gesture at once, so an
  // answer let through at once could put the chip back before the first look.
  let refuse!: () => void;
  const removalSeen = new Promise<void>((resolve) => (refuse = resolve));
  await page.route("**/api/snaps/*/changes", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await removalSeen;
    await route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "CONFLICT", message: "Refused for the test" } }),
    });
  });
  await attachments.getByRole("button", { name: "Remove minutes.txt" }).click();
  await expect(attachments.getByRole("listitem")).toHaveCount(1);
  refuse();
  await expect(page.getByText("Refused for the test")).toBeVisible();
  await expect(attachments.getByRole("listitem")).toHaveCount(2);
  await page.unroute("**/api/snaps/*/changes");

  // Removed with the keyboard; the other browser follows.
  await attachments.getByRole("button", { name: "Remove budget.csv" }).focus();
  await page.keyboard.press("Enter");
  await expect(attachments.getByRole("listitem")).toHaveCount(1);
  await expect(attachments.getByRole("listitem")).toContainText("minutes.txt");
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/\. 1 attachment(\.|$)/);
  await expect(cardAt(member, 1, 1)).toHaveAccessibleName(/\. 1 attachment(\.|$)/);
  await expect(member.getByRole("list", { name: "Attachments" }).getByRole("listitem")).toHaveCount(1);
  await expect
    .poll(async () => (await api(page, "GET", `/api/snaps/cards/${first.id}`)).body.card.attachments.map((file: { name: string }) => file.name))
    .toEqual(["minutes.txt"]);
  await memberContext.close();
});
