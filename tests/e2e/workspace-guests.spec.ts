import { expect, test } from "@playwright/test";
import { api, createSnap, signUp } from "./board-helpers";
import { seriousViolations } from "./axe";

/** Settings › Workspace lists, for an admin, everyone outside the workspace on its boards, and removes them. */
test.describe.configure({ timeout: 120_000 });

test("an admin sees the workspace's guests with their boards and removes one from all of them", async ({ page, browser }) => {
  await signUp(page, "Ada Admin");
  const review = await createSnap(page, { title: "Client review", rows: 1, cols: 1 });
  const roadmap = await createSnap(page, { title: "Roadmap", rows: 1, cols: 1 });

  // Gus, of another workspace, is invited to both boards and accepts.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestEmail = await signUp(guest, "Gus Guest");
  for (const [snap, role] of [
    [review, "commenter"],
    [roadmap, "editor"],
  ] as const) {
    expect((await api(page, "POST", `/api/snaps/${snap.id}/members`, { email: guestEmail, role })).status).toBe(202);
  }
  const invitations = (await api(guest, "GET", "/api/invitations")).body.invitations as { id: string }[];
  expect(invitations).toHaveLength(2);
  for (const invitation of invitations) expect((await api(guest, "POST", `/api/invitations/${invitation.id}/accept`)).status).toBe(200);

  await page.goto("/settings/workspace");
  const panel = page.getByRole("region", { name: "Guests" });
  const boards = panel.getByRole("list", { name: "Boards Gus Guest is on" });
  await expect(boards.getByRole("link", { name: /Client review · commenter/ })).toBeVisible();
  await expect(boards.getByRole("link", { name: /Roadmap · editor/ })).toBeVisible();
  await expect(panel.getByText(guestEmail)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: "tests/artifacts/workspace-guests.png", fullPage: true });

  await panel.getByRole("button", { name: "Remove from all boards for Gus Guest" }).click();
  await page.getByRole("dialog", { name: "Remove Gus Guest from every board?" }).getByRole("button", { name: "Remove guest" }).click();
  await expect(panel.getByText("No one outside the workspace has been added to its boards.")).toBeVisible();
  expect((await api(guest, "GET", `/api/snaps/${roadmap.id}`)).status).toBe(403);
  await guestContext.close();
});
