import { expect, test, type Page } from "@playwright/test";
import { STRONG_PASSWORD, uniqueEmail } from "./helpers";
import { seriousViolations } from "./axe";

/**
 * Workspace invitations in the app (docs/API.md, "Invitations"): an admin invites by email and sees
 * it pending (with Revoke); the invitee, in a browser of their own, sees a banner on the dashboard
 * and accepts; then they may leave again. Each new surface is scanned with axe in both themes.
 */

/** axe finds nothing serious in the light and the dark theme; the page is left in the light one. */
async function expectAccessibleInBothThemes(page: Page, what: string) {
  for (const colorScheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page), `${what}, ${colorScheme}`).toEqual([]);
  }
}

async function signUp(page: Page, name: string): Promise<string> {
  const email = uniqueEmail("invitations");
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();
  return email;
}

test("an admin invites by email; the invitee accepts in their own browser, and may leave again", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page, "Ivy Inviter");
  const bobContext = await browser.newContext({ baseURL });
  const bobPage = await bobContext.newPage();
  const bobEmail = await signUp(bobPage, "Bob Invitee");

  await page.goto("/settings/workspace");
  const email = page.getByRole("textbox", { name: "Email" });
  const send = page.getByRole("button", { name: "Send invitation" });
  const pending = page.getByRole("list", { name: "Pending invitations" });

  // An address without an account gets the same answer as any other: the invitation was sent.
  const nobody = uniqueEmail("nobody");
  await email.fill(nobody);
  await send.click();
  await expect(page.getByText(`Invitation sent to ${nobody}.`)).toBeVisible();
  await email.fill(bobEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("member");
  await send.click();
  await expect(page.getByText(`Invitation sent to ${bobEmail}.`)).toBeVisible();
  await expect(pending.getByRole("listitem")).toHaveCount(2);
  await expect(pending.getByRole("listitem").filter({ hasText: bobEmail })).toContainText("As a member");
  // Not a member until he accepts.
  await expect(page.getByRole("row", { name: /Bob Invitee/ })).toHaveCount(0);

  // The one nobody will answer is revoked.
  await page.getByRole("button", { name: `Revoke the invitation of ${nobody}` }).click();
  await expect(pending.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: `Invitation to ${nobody} revoked` })).toBeVisible();
  await expectAccessibleInBothThemes(page, "settings with a pending invitation");
  await page.screenshot({ path: "tests/artifacts/invitations-admin.png", fullPage: true });

  // Bob, in his own browser, sees the invitation on his dashboard.
  await bobPage.reload();
  const banner = bobPage.getByRole("region", { name: "You're invited to a workspace" });
  await expect(banner).toContainText("Ivy Inviter invited you to Ivy Inviter's workspace as a member.");
  await expect(banner).toContainText("Joining moves you and your snaps out of your current workspace.");
  await expectAccessibleInBothThemes(bobPage, "dashboard with an invitation");
  await bobPage.screenshot({ path: "tests/artifacts/invitations-banner.png" });
  await bobPage.setViewportSize({ width: 390, height: 844 });
  await expect(banner.getByRole("button", { name: "Accept the invitation to Ivy Inviter's workspace" })).toBeVisible();
  expect(await bobPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await bobPage.screenshot({ path: "tests/artifacts/invitations-banner-390.png" });
  await bobPage.setViewportSize({ width: 1280, height: 800 });

  // Accepting, by keyboard.
  await banner.getByRole("button", { name: "Accept the invitation to Ivy Inviter's workspace" }).focus();
  await bobPage.keyboard.press("Enter");
  await expect(banner).toHaveCount(0);
  await bobPage.goto("/settings/workspace");
  await expect(bobPage.getByRole("heading", { name: "Ivy Inviter's workspace" })).toBeVisible();
  await expect(bobPage.getByRole("row", { name: /Ivy Inviter/ })).toContainText("Admin");

  // The admin sees him as a member; nothing pending; the admin's own workspace has no Leave.
  await page.reload();
  await expect(page.getByRole("row", { name: /Bob Invitee/ })).toContainText(bobEmail);
  await expect(pending).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Leave the workspace" })).toHaveCount(0);

  // Bob leaves, back to a workspace of his own.
  await bobPage.getByRole("button", { name: "Leave the workspace" }).click();
  const confirm = bobPage.getByRole("dialog", { name: "Leave this workspace?" });
  await confirm.getByRole("button", { name: "Leave workspace" }).click();
  await expect(bobPage.getByRole("heading", { name: "Bob Invitee's workspace" })).toBeVisible();
  await expect(bobPage.getByRole("button", { name: "Leave the workspace" })).toHaveCount(0);
  await bobContext.close();
});

test("the invitee declines from Settings › Workspace; the admin's list empties", async ({ page, browser, baseURL }) => {
  await signUp(page, "Dana Admin");
  const carlContext = await browser.newContext({ baseURL });
  const carlPage = await carlContext.newPage();
  const carlEmail = await signUp(carlPage, "Carl Declines");

  await page.goto("/settings/workspace");
  await page.getByRole("textbox", { name: "Email" }).fill(carlEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(carlEmail);

  await carlPage.goto("/settings/workspace");
  const banner = carlPage.getByRole("region", { name: "You're invited to a workspace" });
  await banner.getByRole("button", { name: "Decline the invitation to Dana Admin's workspace" }).click();
  await expect(banner).toHaveCount(0);
  await expect(carlPage.getByRole("status").filter({ hasText: "Invitation to Dana Admin's workspace declined" })).toBeVisible();
  await expect(carlPage.getByRole("heading", { name: "Carl Declines's workspace" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toHaveCount(0);
  await carlContext.close();
});
