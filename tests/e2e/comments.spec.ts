import { expect, test, type Page } from "@playwright/test";
import { addWorkspaceMember, api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";
import { seriousViolations } from "./axe";

const ARTIFACTS = "tests/artifacts";

// Two accounts (bcrypt), two browsers, a board and an inbox on a shared 2-core machine.
test.describe.configure({ timeout: 150_000 });

/**
 * axe in the light and the dark theme (the app follows the system's setting unless one was chosen),
 * on the whole page or on what `scope` selects (the panel, the inbox: every-page.spec.ts scans the
 * rest of the board, whose presence avatars take a colour from the user's id).
 */
async function expectAxeClean(page: Page, name: string, scope?: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page, { include: scope }), `${name}, ${colorScheme}`).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/comments-${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("Alice mentions Carol; Carol's bell rises live, opens the thread and replies; Alice sees the reply live", async ({ page, browser }) => {
  await signUp(page, "Alice Able");
  const snap = await createSnap(page, { title: "Roadmap", rows: 1, cols: 2 });
  const carolContext = await browser.newContext();
  const carol = await carolContext.newPage();
  const carolEmail = await signUp(carol, "Carol Clark");
  await addWorkspaceMember(page, carol, carolEmail);
  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: true, shareMode: "comment" })).status).toBe(200);

  // Carol waits on her dashboard: nothing unread.
  await carol.goto("/");
  const bell = carol.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");

  await openBoard(page, snap.id);
  await page.getByRole("button", { name: "Comments" }).click();
  const panel = page.getByRole("complementary", { name: "Comments" });
  await expect(panel.getByText("No comments on the board yet.")).toBeVisible();
  const composer = panel.getByRole("combobox", { name: "Comment on the board" });
  await composer.fill("Hi ");
  await composer.pressSequentially("@Car");
  const suggestions = panel.getByRole("listbox", { name: "People who can see this snap" });
  await expect(suggestions.getByRole("option", { name: "Carol Clark" })).toBeVisible();
  // Escape closes the list and keeps the text; typing again opens it; arrows and Enter pick.
  await composer.press("Escape");
  await expect(suggestions).toBeHidden();
  await composer.pressSequentially("o");
  await expect(suggestions.getByRole("option", { name: "Carol Clark" })).toHaveAttribute("aria-selected", "true");
  await composer.press("ArrowDown");
  await composer.press("Enter");
  await expect(composer).toHaveValue("Hi @Carol Clark ");
  await composer.pressSequentially("can you check the dates?");
  await panel.getByRole("button", { name: "Comment", exact: true }).click();
  const thread = panel.getByRole("article", { name: "Thread by Alice Able" });
  await expect(thread).toContainText("Hi @Carol Clark can you check the dates?");

  // Carol's bell rises without a reload.
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await bell.click();
  const inbox = carol.getByRole("region", { name: "Notifications" });
  const item = inbox.getByRole("link", { name: /Alice Able mentioned you on Roadmap/ });
  await expect(item).toBeVisible();
  await expectAxeClean(carol, "inbox", "header");
  await item.click();
  await carol.waitForURL((url) => url.pathname === `/snaps/${snap.id}` && url.searchParams.has("comment"));
  const carolPanel = carol.getByRole("complementary", { name: "Comments" });
  const carolThread = carolPanel.getByRole("article", { name: "Thread by Alice Able" });
  await expect(carolThread).toBeInViewport();
  await expect(carolThread).toBeFocused();
  await expect(bell).toHaveAccessibleName("Notifications");

  await carolThread.getByRole("button", { name: "Reply" }).click();
  await carolThread.getByRole("combobox", { name: "Reply to Alice Able" }).fill("Dates checked, all good.");
  await carolThread.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(carolThread.getByRole("list", { name: "Replies" })).toContainText("Dates checked, all good.");

  // Alice sees the reply arrive on her open board, and hears of it in her own bell.
  await expect(thread.getByRole("list", { name: "Replies" })).toContainText("Carol Clark");
  await expect(thread.getByRole("list", { name: "Replies" })).toContainText("Dates checked, all good.");
  await expect(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();

  // A comment on a card: the card shows its count; resolving hides the thread until "Show resolved".
  await cardAt(page, 1, 1).click();
  await expect(panel.getByText(/^On /)).toBeVisible();
  await panel.getByRole("combobox", { name: /^Comment on / }).fill("This card needs an owner");
  await panel.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/1 comment$/);
  await expect(cardAt(carol, 1, 1)).toHaveAccessibleName(/1 comment$/);
  await expectAxeClean(page, "panel", 'aside[aria-label="Comments"]');
  const cardThread = panel.getByRole("article", { name: "Thread by Alice Able" });
  await cardThread.getByRole("button", { name: "Resolve" }).click();
  await expect(cardThread).toBeHidden();
  await panel.getByLabel(/Show resolved/).check();
  await expect(panel.getByRole("article", { name: "Thread by Alice Able, resolved" })).toBeVisible();
  await panel.getByRole("article", { name: "Thread by Alice Able, resolved" }).getByRole("button", { name: "Reopen" }).click();
  await expect(panel.getByRole("article", { name: "Thread by Alice Able" })).toBeVisible();

  // At phone width the panel is a sheet over the board, still usable.
  await carol.setViewportSize({ width: 390, height: 844 });
  await expect(carolPanel).toBeInViewport();
  expect(await carol.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await carol.screenshot({ path: `${ARTIFACTS}/comments-phone.png` });
  await carolContext.close();
});

test("Settings › Account: the email preference, and that email is off on this server", async ({ page }) => {
  await signUp(page, "Erin Email");
  await page.goto("/settings/account");
  await expect(page.getByRole("note")).toContainText("Email is off on this server");
  await page.getByRole("radio", { name: /Daily digest/ }).check();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  expect((await api(page, "GET", "/api/account")).body.emailNotifications).toBe("daily");
  await page.reload();
  await expect(page.getByRole("radio", { name: /Daily digest/ })).toBeChecked();
  await expectAxeClean(page, "settings-account");
});
