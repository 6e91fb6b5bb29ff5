import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { STRONG_PASSWORD, uniqueEmail } from "./helpers";

async function signUp(page: Page, name: string): Promise<string> {
  const email = uniqueEmail("dashboard");
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();
  return email;
}

/** Calls the API with the page's session cookie and the Origin a browser would send. */
async function apiCall(request: APIRequestContext, baseURL: string, method: string, path: string, data?: unknown) {
  const response = await request.fetch(path, { method, data, headers: { Origin: baseURL } });
  const body = await response.json();
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${JSON.stringify(body)}`);
  return body;
}

/** The dialog's panel lies within the viewport, and its buttons can be scrolled fully into view inside the panel. */
async function expectDialogOnScreen(page: Page, dialog: Locator) {
  const panel = (await dialog.boundingBox())!;
  expect(panel.y).toBeGreaterThanOrEqual(0);
  expect(panel.y + panel.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  for (const name of ["Cancel", "Create snap"]) {
    const button = dialog.getByRole("button", { name });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
    const box = (await button.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(panel.y);
    expect(box.y + box.height).toBeLessThanOrEqual(panel.y + panel.height);
  }
}

/** The titles of the snap tiles, in page order. */
function tileTitles(page: Page) {
  return page.getByRole("list", { name: "Snaps" }).getByRole("heading", { level: 3 }).allTextContents();
}

test("the dashboard: create, search, sort, filter, page, and file snaps in folders", async ({ page, baseURL }) => {
  await signUp(page, "Dana Dashboard");
  const api = (method: string, path: string, data?: unknown) => apiCall(page.request, baseURL!, method, path, data);

  // Empty workspace.
  await expect(page.getByRole("heading", { name: "No snaps yet — create your first" })).toBeVisible();
  await page.screenshot({ path: "tests/artifacts/dashboard-empty.png", fullPage: true });

  // New snap dialog: validated, then a 3 x 4 board.
  await page.getByRole("button", { name: "New snap" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New snap" });
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await dialog.getByLabel("Title").fill("Launch plan");
  await dialog.getByLabel("Rows").fill("0");
  await dialog.getByLabel("Columns").fill("101");
  await dialog.getByRole("button", { name: "Create snap" }).click();
  await expect(dialog.getByLabel("Rows")).toHaveAccessibleDescription("Rows must be a whole number from 1 to 100");
  await expect(dialog.getByLabel("Columns")).toHaveAccessibleDescription("Columns must be a whole number from 1 to 100");
  await dialog.getByLabel("Rows").fill("3");
  await dialog.getByLabel("Columns").fill("4");
  await expect(dialog).toContainText("3 × 4 = 12 cards");
  await page.screenshot({ path: "tests/artifacts/new-snap-dialog.png" });
  await expectDialogOnScreen(page, dialog);
  await dialog.getByRole("button", { name: "Create snap" }).click();
  await expect(page).toHaveURL(/\/snaps\/[^/?#]+$/);
  const launchId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  const launch = (await api("GET", `/api/snaps/${launchId}`)).snap;
  expect(launch.title).toBe("Launch plan");
  expect(launch.cards).toHaveLength(12);
  expect(Math.max(...launch.cards.map((card: { row: number }) => card.row))).toBe(2);
  expect(Math.max(...launch.cards.map((card: { col: number }) => card.col))).toBe(3);
  // Back to the dashboard: the router replays the empty page it had, and the list catches up.
  await page.goBack();
  await expect(page.getByRole("list", { name: "Snaps" }).getByRole("listitem").filter({ hasText: "Launch plan" })).toBeVisible();

  // More snaps through the API, one public and one with typed cards for the preview.
  const fill = launch.cards.slice(0, 6).map((card: { id: string }, index: number) => ({
    id: card.id,
    title: ["Scope", "Design review", "Ship it", "https://example.com", "Beta users", "Metrics"][index],
    cellType: ["normal", "todo", "status", "link", "todo", "normal"][index],
  }));
  await api("PATCH", "/api/snaps/cards/batch", { updates: fill });
  await api("PATCH", `/api/snaps/${launchId}`, { subtitle: "Everything for the October release", icon: "★" });
  const retro = (await api("POST", "/api/snaps", { title: "Team retro", rows: 2, cols: 2, icon: "☀" })).snap;
  await api("PATCH", `/api/snaps/${retro.id}`, { isPublic: true });
  await api("POST", "/api/snaps", { title: "Budget 2027", subtitle: "Costs and forecasts", rows: 4, cols: 5 });
  await api("POST", "/api/snaps", { title: "Archive", rows: 1, cols: 1 });

  await page.goto("/");
  const grid = page.getByRole("list", { name: "Snaps" });
  await expect(grid.getByRole("listitem")).toHaveCount(4);
  await expect(page.getByText("1–4 of 4")).toBeVisible();
  const launchTile = grid.getByRole("listitem").filter({ hasText: "Launch plan" });
  await expect(launchTile).toContainText("Everything for the October release");
  await expect(launchTile).toContainText("Updated just now");
  await expect(launchTile.getByRole("link", { name: "Launch plan" })).toHaveAttribute("href", `/snaps/${launchId}`);
  await expect(grid.getByRole("listitem").filter({ hasText: "Team retro" })).toContainText("Public");
  await expect(page.getByRole("button", { name: "Next page" })).toHaveCount(0);

  // Keyboard: the tile's link comes right after the toolbar, and its tile shows the focus ring.
  await page.getByLabel("Sort order").focus();
  await page.keyboard.press("Tab");
  const firstTile = grid.getByRole("listitem").first();
  await expect(firstTile.getByRole("link")).toBeFocused();
  // ring-2 (focus) rather than the resting ring-1.
  // Polled: the ring eases in over a short transition, so an early reading is mid-way (1.99px).
  await expect.poll(() => firstTile.evaluate((tile) => getComputedStyle(tile).boxShadow)).toContain("0px 0px 0px 2px");
  await firstTile.screenshot({ path: "tests/artifacts/dashboard-tile-focus.png" });

  // Search: debounced into the address, survives a reload; a miss shows the no-results state.
  const search = page.getByRole("searchbox", { name: "Search snaps" });
  await search.fill("launch");
  await expect(page).toHaveURL(/[?&]search=launch(&|$)/);
  await expect(grid.getByRole("listitem")).toHaveCount(1);
  await expect(grid).toContainText("Launch plan");
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search snaps" })).toHaveValue("launch");
  await expect(page.getByRole("list", { name: "Snaps" }).getByRole("listitem")).toHaveCount(1);
  await search.fill("no-such-snap-here");
  await expect(page.getByRole("heading", { name: "No snaps match “no-such-snap-here”" })).toBeVisible();
  await page.getByRole("button", { name: "Clear search and filters" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(search).toHaveValue("");
  await expect(grid.getByRole("listitem")).toHaveCount(4);

  // Sort: by title (A to Z by default), then Z to A; each change is in the address.
  await page.getByLabel("Sort by").selectOption("title");
  await expect(page).toHaveURL(/sortBy=title&sortOrder=asc/);
  await expect.poll(() => tileTitles(page)).toEqual(["Archive", "Budget 2027", "Launch plan", "Team retro"]);
  await page.getByLabel("Sort order").selectOption("desc");
  await expect(page).toHaveURL(/sortBy=title(&|$)/);
  await expect(page).not.toHaveURL(/sortOrder/);
  await expect.poll(() => tileTitles(page)).toEqual(["Team retro", "Launch plan", "Budget 2027", "Archive"]);
  await page.getByLabel("Sort by").selectOption("createdAt");
  await expect(page).toHaveURL(/\?sortBy=createdAt$/);
  await expect.poll(() => tileTitles(page)).toEqual(["Archive", "Budget 2027", "Team retro", "Launch plan"]);

  // Filter: public only; Back restores the previous state.
  await page.getByLabel("Visibility").selectOption("public");
  await expect(page).toHaveURL(/isPublic=true/);
  await expect.poll(() => tileTitles(page)).toEqual(["Team retro"]);
  await page.getByLabel("Visibility").selectOption("private");
  await expect(page).toHaveURL(/isPublic=false/);
  await expect(grid.getByRole("listitem")).toHaveCount(3);
  await page.goBack();
  await expect(page).toHaveURL(/isPublic=true/);
  await expect(page.getByLabel("Visibility")).toHaveValue("public");
  await expect.poll(() => tileTitles(page)).toEqual(["Team retro"]);
  await page.goto("/");

  // Pages: two per page through the address.
  await page.goto("/?limit=2");
  await expect(page.getByText("1–2 of 4")).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous page" })).toBeDisabled();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(/offset=2/);
  await expect(page.getByText("3–4 of 4")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();
  await page.goto("/");

  // Folders: create one.
  await page.getByRole("button", { name: "New folder" }).click();
  const folderDialog = page.getByRole("dialog", { name: "New folder" });
  await folderDialog.getByLabel("Name").fill("Q3 plans");
  await folderDialog.getByRole("button", { name: "Create folder" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const sidebar = page.getByRole("navigation", { name: "Folders" });
  await expect(sidebar.getByRole("button", { name: "Q3 plans", exact: true })).toBeVisible();

  // Move the snap into it with the keyboard: the menu opens on the current choice.
  const actions = launchTile.getByRole("button", { name: "Actions for Launch plan" });
  await actions.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Move to folder" });
  await expect(menu.getByRole("menuitemradio", { name: "No folder" })).toBeFocused();
  await expect(menu.getByRole("menuitemradio", { name: "No folder" })).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(actions).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitemradio", { name: "Q3 plans" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Moved “Launch plan” to Q3 plans" })).toBeVisible();
  await expect(launchTile).toContainText("In folder Q3 plans");
  expect((await api("GET", `/api/snaps/${launchId}`)).snap.folder).toEqual({ id: expect.any(String), name: "Q3 plans" });
  await page
    .getByRole("status")
    .filter({ hasText: "Moved" })
    .waitFor({ state: "detached" })
    .catch(() => undefined);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  await page.screenshot({ path: "tests/artifacts/dashboard.png", fullPage: true });

  // Filter by the folder.
  await sidebar.getByRole("button", { name: "Q3 plans", exact: true }).click();
  await expect(page).toHaveURL(/folderId=/);
  await expect(sidebar.getByRole("button", { name: "Q3 plans", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => tileTitles(page)).toEqual(["Launch plan"]);

  // Rename it: the sidebar and the tile follow.
  await sidebar.getByRole("button", { name: "Folder actions for Q3 plans" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const renameDialog = page.getByRole("dialog", { name: "Rename folder" });
  await expect(renameDialog.getByLabel("Name")).toHaveValue("Q3 plans");
  await renameDialog.getByLabel("Name").fill("Q4 plans");
  await renameDialog.getByRole("button", { name: "Save" }).click();
  await expect(sidebar.getByRole("button", { name: "Q4 plans", exact: true })).toBeVisible();
  await expect(grid.getByRole("listitem").filter({ hasText: "Launch plan" })).toContainText("In folder Q4 plans");

  // Delete it: confirmed first; the snap stays, unfiled, and the filter is lifted.
  await sidebar.getByRole("button", { name: "Folder actions for Q4 plans" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete folder “Q4 plans”?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete folder" }).click();
  await expect(sidebar.getByRole("button", { name: "Q4 plans", exact: true })).toHaveCount(0);
  await expect(page).not.toHaveURL(/folderId=/);
  await expect(grid.getByRole("listitem")).toHaveCount(4);
  await expect(grid.getByRole("listitem").filter({ hasText: "Launch plan" })).not.toContainText("In folder");
  expect((await api("GET", `/api/snaps/${launchId}`)).snap).toMatchObject({ folderId: null, folder: null });

  // A phone: folders above the snaps, tiles stacked.
  await api("POST", "/api/folders", { name: "Research" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("list", { name: "Snaps" }).getByRole("listitem")).toHaveCount(4);
  const [sidebarBox, gridBox] = await Promise.all([sidebar.boundingBox(), page.getByRole("list", { name: "Snaps" }).boundingBox()]);
  expect(sidebarBox!.y + sidebarBox!.height).toBeLessThanOrEqual(gridBox!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "tests/artifacts/dashboard-390.png", fullPage: true });
});

test("the New snap dialog, taller than a phone's screen, stays on it and scrolls inside its panel", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, "Pia Phone");
  await page.getByRole("button", { name: "New snap" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New snap" });
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await page.screenshot({ path: "tests/artifacts/new-snap-dialog-390.png" });
  await expectDialogOnScreen(page, dialog);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});

test("workspace settings: an admin invites a member by email, changes their role and removes them", async ({ page, browser, baseURL }) => {
  await signUp(page, "Avery Admin");
  const bobEmail = uniqueEmail("bob");
  const created = await page.request.post("/api/account", {
    data: { email: bobEmail, password: STRONG_PASSWORD, name: "Bob Builder" },
    headers: { Origin: baseURL! },
  });
  expect(created.status()).toBe(201);

  await page.goto("/settings/workspace");
  await expect(page.getByRole("link", { name: "Workspace" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Avery Admin's workspace" })).toBeVisible();
  const email = page.getByRole("textbox", { name: "Email" });

  // Bob is invited; he is a member only once he accepts (tests/e2e/invitations.spec.ts does it in the app).
  await email.fill(bobEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(bobEmail);
  await expect(email).toHaveValue("");
  const bobContext = await browser.newContext({ baseURL });
  const bobPage = await bobContext.newPage();
  await bobPage.goto("/sign-in");
  await bobPage.getByLabel("Email").fill(bobEmail);
  await bobPage.getByLabel("Password").fill(STRONG_PASSWORD);
  await bobPage.getByRole("button", { name: "Sign in" }).click();
  await expect(bobPage.getByRole("heading", { name: "Your snaps" })).toBeVisible();
  const [invitation] = (await apiCall(bobPage.request, baseURL!, "GET", "/api/invitations")).invitations;
  await apiCall(bobPage.request, baseURL!, "POST", `/api/invitations/${invitation.id}/accept`);
  await page.reload();
  const bobRow = page.getByRole("row", { name: /Bob Builder/ });
  await expect(bobRow).toContainText(bobEmail);
  await expect(bobRow.getByLabel("Role of Bob Builder")).toHaveValue("member");

  // Already a member.
  await email.fill(bobEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(email).toHaveAccessibleDescription("Already a member");

  // Bob sees the list read-only.
  await bobPage.goto("/settings/workspace");
  await expect(bobPage.getByRole("row", { name: /Avery Admin/ })).toContainText("Admin");
  await expect(bobPage.getByText("Only admins can invite or remove members and change roles.")).toBeVisible();
  await expect(bobPage.getByRole("combobox")).toHaveCount(0);
  await expect(bobPage.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await bobContext.close();

  // The last admin cannot step down.
  await page.getByLabel("Role of Avery Admin").selectOption("member");
  await expect(page.getByRole("alert").filter({ hasText: "only admin" })).toContainText("You are the workspace's only admin");
  await expect(page.getByLabel("Role of Avery Admin")).toHaveValue("admin");

  // Promote Bob.
  await bobRow.getByLabel("Role of Bob Builder").selectOption("admin");
  await expect(page.getByRole("status").filter({ hasText: "Bob Builder is now an admin" })).toBeVisible();
  const members = (await apiCall(page.request, baseURL!, "GET", "/api/workspace/members")).members;
  expect(members.find((member: { email: string }) => member.email === bobEmail).role).toBe("admin");
  await page.reload();
  await expect(page.getByRole("row", { name: /Bob Builder/ }).getByLabel("Role of Bob Builder")).toHaveValue("admin");
  await page.screenshot({ path: "tests/artifacts/workspace-settings.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("row", { name: /Bob Builder/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "tests/artifacts/workspace-settings-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Remove Bob, after a confirmation.
  await page.getByRole("button", { name: "Remove Bob Builder" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove Bob Builder?" });
  await expect(confirm).toContainText("moves to a new personal workspace");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("row", { name: /Bob Builder/ })).toHaveCount(0);
  await expect(page.getByText("1 member", { exact: true })).toBeVisible();
  const after = (await apiCall(page.request, baseURL!, "GET", "/api/workspace/members")).members;
  expect(after.map((member: { email: string }) => member.email)).not.toContain(bobEmail);
});
