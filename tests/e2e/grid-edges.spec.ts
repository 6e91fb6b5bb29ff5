import { expect, test } from "@playwright/test";
import { addWorkspaceMember, api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";
import { seriousViolations } from "./axe";

/**
 * The board's smaller edges: a notification followed on its own board opens the thread, a board
 * invitation counts in the bell, and a phone's inspector sheet leaves the zoom controls in reach.
 */
test.describe.configure({ timeout: 150_000 });

const ARTIFACTS = "tests/artifacts";
const PHONE = { width: 390, height: 844 };

test("a notification followed on the board you are on selects its card and opens its thread", async ({ page, browser }) => {
  await signUp(page, "Nina Notify");
  const snap = await createSnap(page, { title: "Launch", rows: 1, cols: 3 });
  const third = snap.cards.find((card) => card.row === 0 && card.col === 2)!;
  expect((await api(page, "PATCH", `/api/snaps/cards/${third.id}`, { title: "Budget" })).status).toBe(200);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await addWorkspaceMember(page, other, await signUp(other, "Omar Other"));
  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: true, shareMode: "comment" })).status).toBe(200);

  // Nina is on the board, the first card selected, comments closed.
  await openBoard(page, snap.id);
  await cardAt(page, 1, 1).click();
  await expect(page.getByRole("complementary", { name: "Comments" })).toHaveCount(0);
  // Omar replies on the third card's thread that Nina started: she is notified.
  const thread = await api(page, "POST", `/api/snaps/${snap.id}/comments`, { body: "Who owns this?", cardId: third.id });
  expect(thread.status).toBe(201);
  const reply = await other.request.post(`/api/snaps/${snap.id}/comments`, {
    data: { body: "I do.", cardId: third.id, parentId: thread.body.comment.id },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(reply.status()).toBe(201);

  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await bell.click();
  await page
    .getByRole("region", { name: "Notifications" })
    .getByRole("link", { name: /Omar Other replied on Launch/ })
    .click();
  await page.waitForURL((url) => url.searchParams.has("comment"));
  // The same board, no new page: the card is selected and its thread open and focused.
  await expect(cardAt(page, 1, 3)).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("complementary", { name: "Comments" });
  await expect(panel).toBeVisible();
  const article = panel.getByRole("article", { name: "Thread by Nina Notify" });
  await expect(article).toBeFocused();
  await expect(article).toContainText("I do.");
  await page.screenshot({ path: `${ARTIFACTS}/grid-edges-bell-thread.png` });
  await otherContext.close();
});

test("an invitation to a board is counted in the bell and listed there, leading to the dashboard", async ({ page, browser }) => {
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  const inviteeEmail = await signUp(invitee, "Ivy Invitee");
  await invitee.goto("/");
  const bell = invitee.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");

  await signUp(page, "Oscar Owner");
  const snap = await createSnap(page, { title: "Client review", rows: 1, cols: 1 });
  expect((await api(page, "POST", `/api/snaps/${snap.id}/members`, { email: inviteeEmail, role: "editor" })).status).toBe(202);

  await invitee.reload();
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await expect(invitee.getByTestId("unread-count")).toHaveText("1");
  await bell.click();
  const inbox = invitee.getByRole("region", { name: "Notifications" });
  const item = inbox.getByRole("list", { name: "Invitations" }).getByRole("link", { name: /Oscar Owner invited you to Client review/ });
  await expect(item).toBeVisible();
  await invitee.screenshot({ path: `${ARTIFACTS}/grid-edges-bell-invitation.png` });
  expect(await seriousViolations(invitee)).toEqual([]);
  await item.click();
  await expect(invitee.getByRole("button", { name: "Accept the invitation to Client review" })).toBeVisible();
  await inviteeContext.close();
});

test("on a phone, the inspector sheet leaves the zoom controls visible and usable", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUp(page, "Pia Phone");
  const snap = await createSnap(page, { title: "Pocket", rows: 3, cols: 3 });
  await openBoard(page, snap.id);
  await cardAt(page, 1, 1).click();
  const sheet = page.getByRole("complementary", { name: "Inspector" });
  await expect(sheet).toBeVisible();
  const zoomIn = page.getByRole("toolbar", { name: "Zoom" }).getByRole("button", { name: "Zoom in" });
  await expect(zoomIn).toBeVisible();
  // What is on top at the button's centre is the button itself, not the sheet.
  const box = (await zoomIn.boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.getAttribute("aria-label") ?? null, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(hit).toBe("Zoom in");
  const before = await page.getByRole("toolbar", { name: "Zoom" }).textContent();
  await zoomIn.click();
  await expect(page.getByRole("toolbar", { name: "Zoom" })).not.toHaveText(before!);
  await page.screenshot({ path: `${ARTIFACTS}/grid-edges-phone-zoom-sheet.png` });
});
