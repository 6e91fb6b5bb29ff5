import { expect, test, type Browser, type Page } from "@playwright/test";
import { addWorkspaceMember, api, cardAt, createSnap, dragTo, expectSaved, openBoard, signUp } from "./board-helpers";

const ARTIFACTS = "tests/artifacts";

// Two accounts (bcrypt), two browsers and two boards per test on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });
const SECOND_PORT = Number(process.env.E2E_PORT ?? 3100) + 1;

/**
 * Live collaboration: two people of one workspace on one board, each in their own
 * browser context. The owner shares the snap with the workspace; the member opens it too.
 */
async function twoOnOneBoard(page: Page, browser: Browser, shareMode: "edit" | "view" = "edit", options: { memberClock?: boolean } = {}) {
  await signUp(page, "Olive Owner");
  const snap = await createSnap(page, { title: "Team plan", rows: 2, cols: 3 });
  const titles = ["Agenda", "Budget", "Venue"];
  const updates = snap.cards.slice(0, 3).map((card, index) => ({ id: card.id, title: titles[index] }));
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates })).status).toBe(200);

  const memberContext = await browser.newContext();
  // The member's clock runs as usual; installed, it lets a test move it past a delay of the page's own.
  if (options.memberClock) await memberContext.clock.install();
  const member = await memberContext.newPage();
  const memberEmail = await signUp(member, "Max Member");
  await addWorkspaceMember(page, member, memberEmail);
  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: true, shareMode })).status).toBe(200);

  await openBoard(page, snap.id);
  await openBoard(member, snap.id);
  await expectLive(page);
  await expectLive(member);
  return { snap, member, memberContext, memberEmail };
}

async function expectLive(page: Page) {
  await expect(page.getByRole("status", { name: /^Live/ })).toBeVisible();
}

test("a card one person moves appears moved for the other", async ({ page, browser }) => {
  const { member, memberContext } = await twoOnOneBoard(page, browser);
  await expect(cardAt(member, 1, 1)).toHaveAccessibleName(/Agenda/);

  await dragTo(page, cardAt(page, 1, 1), cardAt(page, 2, 3));
  // How soon is the live bench's figure (npm run bench:live, docs/PERFORMANCE.md), not a timed assertion here.
  await expect(cardAt(member, 2, 3)).toHaveAccessibleName(/^Row 2, column 3: Agenda/);
  await expect(cardAt(member, 1, 1)).toHaveAccessibleName("Row 1, column 1: empty");
  await expectSaved(page);
  // The mover's own echo is not applied a second time: one Agenda, where it was dropped.
  await expect(page.getByRole("gridcell", { name: /Agenda/ })).toHaveCount(1);
  await expect(cardAt(page, 2, 3)).toHaveAccessibleName(/Agenda/);
  await memberContext.close();
});

test("an API client's batch update reaches every open board", async ({ page, browser }) => {
  const { snap, member, memberContext } = await twoOnOneBoard(page, browser);
  const { status, body } = await api(page, "POST", "/api/keys", { name: "live test" });
  expect(status).toBe(201);
  const response = await page.request.patch("/api/snaps/cards/batch", {
    headers: { Authorization: `Bearer ${body.apiKey.key}` },
    data: { updates: [{ id: snap.cards[1]!.id, title: "Budget (from the API)", color: "#fee2e2" }] },
  });
  expect(response.status()).toBe(200);
  for (const viewer of [page, member]) await expect(cardAt(viewer, 1, 2)).toHaveAccessibleName(/^Row 1, column 2: Budget \(from the API\)/);
  await memberContext.close();
});

test("presence: who is viewing, and which card someone is editing", async ({ page, browser }) => {
  const { member, memberContext } = await twoOnOneBoard(page, browser);
  const viewers = member.getByRole("list", { name: "People viewing this snap" });
  await expect(viewers.getByRole("img", { name: "Olive Owner is viewing" })).toHaveText("OO");
  await expect(page.getByRole("img", { name: "Max Member is viewing" })).toBeVisible();

  await cardAt(page, 1, 2).dblclick();
  await expect(page.getByRole("textbox", { name: "Card text" })).toBeFocused();
  const marked = cardAt(member, 1, 2);
  await expect(marked).toHaveAccessibleName(/Budget\. Olive Owner is editing it$/);
  await expect(marked).toHaveCSS("outline-style", "solid");
  await expect(viewers.getByRole("img", { name: "Olive Owner is editing" })).toBeVisible();
  await member.screenshot({ path: `${ARTIFACTS}/live-presence.png` });

  await page.keyboard.press("Escape");
  await expect(cardAt(member, 1, 2)).toHaveAccessibleName(/Budget$/);

  // The owner leaves: the member sees only themselves again.
  await page.goto("/");
  await expect(viewers).toHaveCount(0);
  await memberContext.close();
});

test("both edit one card's text: each is told, and the later write wins", async ({ page, browser }) => {
  const { member, memberContext } = await twoOnOneBoard(page, browser);
  // The member starts typing first and keeps the editor open...
  await cardAt(member, 1, 3).dblclick();
  await member.getByRole("textbox", { name: "Card text" }).fill("Venue: the member's pick");
  // ...while the owner changes the same text and saves.
  await cardAt(page, 1, 3).dblclick();
  await page.getByRole("textbox", { name: "Card text" }).fill("Venue: the owner's pick");
  await page.keyboard.press("Enter");
  await expectSaved(page);

  const memberNotice = member.getByRole("status").filter({ hasText: "Olive Owner changed the text of" });
  await expect(memberNotice).toContainText("while you were editing it. Your edit is kept and replaces theirs.");
  // The owner moves on to another card: the member's screen shows presence, the marker and the notice.
  await cardAt(page, 1, 1).dblclick();
  await expect(cardAt(member, 1, 1)).toHaveAccessibleName(/Olive Owner is editing it$/);
  await member.screenshot({ path: `${ARTIFACTS}/live-conflict-member.png` });
  await page.keyboard.press("Escape");

  await member.keyboard.press("Enter");
  await expectSaved(member);
  const ownerNotice = page.getByRole("status").filter({ hasText: "Max Member changed the text of" });
  await expect(ownerNotice).toContainText("after your edit. Their change replaced yours.");
  await expect(cardAt(page, 1, 3)).toHaveAccessibleName(/Venue: the member's pick/);
  await page.screenshot({ path: `${ARTIFACTS}/live-conflict-owner.png` });

  // Undo on the owner's side does not revert the member's later text.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Undo skipped: Max Member has changed this since" })).toBeVisible();
  await expect(cardAt(page, 1, 3)).toHaveAccessibleName(/Venue: the member's pick/);
  await expect(cardAt(member, 1, 3)).toHaveAccessibleName(/Venue: the member's pick/);
  await memberContext.close();
});

test("a viewer sees changes live, and is told and sent to the dashboard when access is taken away", async ({ page, browser }) => {
  const { snap, member, memberContext } = await twoOnOneBoard(page, browser, "view");
  await expect(member.getByText("View only")).toBeVisible();

  await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: snap.cards[0]!.id, title: "Agenda v2" }] });
  await expect(cardAt(member, 1, 1)).toHaveAccessibleName(/^Row 1, column 1: Agenda v2/);
  await api(page, "PATCH", `/api/snaps/${snap.id}`, { title: "Team plan (renamed)" });
  await expect(member.getByRole("heading", { name: "Team plan (renamed)" })).toBeVisible();

  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: false })).status).toBe(200);
  const notice = member.getByRole("dialog", { name: /^This board is no longer shared with you/ });
  await expect(notice).toBeVisible();
  await member.screenshot({ path: `${ARTIFACTS}/live-access-lost.png` });
  await notice.getByRole("button", { name: "Back to your snaps" }).click();
  await member.waitForURL((url) => url.pathname === "/");
  await memberContext.close();
});

test("a deleted snap sends its viewers back to the dashboard by itself", async ({ page, browser }) => {
  const { snap, member, memberContext } = await twoOnOneBoard(page, browser, "edit", { memberClock: true });
  expect((await api(page, "DELETE", `/api/snaps/${snap.id}`)).status).toBe(200);
  await expect(member.getByRole("dialog")).toContainText("deleted");
  await member.clock.fastForward(10_000); // past the dialog's own delay before it leaves (board-gone-dialog.tsx)
  await member.waitForURL((url) => url.pathname === "/", { timeout: 15_000 });
  await memberContext.close();
});

test("a change made through one app instance reaches a browser on another", async ({ page, browser }) => {
  const { snap, memberContext } = await twoOnOneBoard(page, browser);
  // The member opens the board on the second instance too (same database, same session secret;
  // the cookie is the host's, whatever the port).
  const second = await memberContext.newPage();
  await second.goto(`http://localhost:${SECOND_PORT}/snaps/${snap.id}`);
  await second.locator("[data-board-root][data-ready]").waitFor();
  await expectLive(second);

  await dragTo(page, cardAt(page, 1, 2), cardAt(page, 2, 1));
  // Across instances the notification goes through PostgreSQL's LISTEN/NOTIFY: no 1 s promise here.
  await expect(cardAt(second, 2, 1)).toHaveAccessibleName(/^Row 2, column 1: Budget/);
  await memberContext.close();
});
