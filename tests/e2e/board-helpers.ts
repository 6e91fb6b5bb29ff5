import { expect, test, type Locator, type Page } from "@playwright/test";
import { createAccount, signInThroughApi, STRONG_PASSWORD, uniqueEmail } from "./helpers";

/** The app's address in this run (playwright.config.ts), for requests made before the page has one. */
function appOrigin(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("playwright.config.ts sets no baseURL");
  return new URL(baseURL).origin;
}

/**
 * A new user whose session the page's browser context holds, made through the API: the forms are
 * tested where they are the subject (auth.spec.ts; the dashboard, integrations, invitations and
 * webhooks specs sign up through the form), and their two page loads per user elsewhere were about a
 * tenth of the suite's CPU. The page stays where it was (a new page: nowhere); the test goes where it
 * starts. Returns the email.
 */
export async function signUp(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
  const origin = appOrigin();
  await createAccount(page.request, origin, email, STRONG_PASSWORD, name);
  await signInThroughApi(page.request, origin, email);
  return email;
}

/** Signs in an existing user through the form. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

/**
 * Calls the API with the page's session cookie; the Origin header stands in for the browser's,
 * since cookie-authenticated writes must be same-origin.
 */
export async function api(page: Page, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, data?: unknown) {
  const response = await page.request.fetch(path, { method, data, headers: { Origin: appOrigin() } });
  const body = await response.json();
  return { status: response.status(), body };
}

export async function createSnap(page: Page, fields: Record<string, unknown>) {
  const { status, body } = await api(page, "POST", "/api/snaps", fields);
  expect(status).toBe(201);
  return body.snap as { id: string; cards: { id: string; row: number; col: number }[] };
}

export async function openBoard(page: Page, snapId: string): Promise<void> {
  await page.goto(`/snaps/${snapId}`);
  await page.locator("[data-board-root][data-ready]").waitFor();
}

/** A card by its grid position, 1-based as its accessible name says it. */
export function cardAt(page: Page, row: number, col: number): Locator {
  return page.getByRole("gridcell", { name: new RegExp(`^Row ${row}, column ${col}:`) });
}

/** Presses at the center of `from`, moves in steps to the center of `to`, releases. */
export async function dragTo(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error("drag: element not visible");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
  await page.mouse.up();
}

export async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
}

/**
 * `member` (signed in as `memberEmail`) joins the workspace of `admin`'s user: invited by the admin,
 * accepted by the member, through the API (the pages of both have tests of their own).
 */
export async function addWorkspaceMember(admin: Page, member: Page, memberEmail: string): Promise<void> {
  const invited = await api(admin, "POST", "/api/workspace/members", { email: memberEmail, role: "member" });
  expect(invited.status, JSON.stringify(invited.body)).toBe(202);
  const accepted = await api(member, "POST", `/api/invitations/${invited.body.invitation.id}/accept`);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

/**
 * The pages' accessibility checks run each theme and each width once, paired: the light theme on a
 * laptop, the dark one at phone width. A theme changes colours, not layout, and a width layout, not
 * colours, so the other two pairs repeated the same checks (about 20 s of each CI run).
 */
export const THEMES_AND_WIDTHS = [
  { theme: "light", viewport: { width: 1280, height: 800 } },
  { theme: "dark", viewport: { width: 390, height: 844 } },
] as const;
