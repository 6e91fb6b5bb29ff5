import { expect, test } from "@playwright/test";
import { createAccount, STRONG_PASSWORD, uniqueEmail } from "./helpers";

test("sign-in with a wrong password shows an error and stays on the page", async ({ page, request, baseURL }) => {
  const email = uniqueEmail("wrong-password");
  await createAccount(request, baseURL!, email);

  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.screenshot({ path: "tests/artifacts/sign-in.png", fullPage: true });

  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();
});

test("sign-up with a weak password shows the error next to the field", async ({ page }) => {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(uniqueEmail("weak-password"));
  const password = page.getByLabel("Password");
  await password.fill("short");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription("Password must be at least 8 characters");
  await expect(password).toBeFocused();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.screenshot({ path: "tests/artifacts/sign-up.png", fullPage: true });
});

test("sign-up with a taken email says so next to the email field", async ({ page, request, baseURL }) => {
  const email = uniqueEmail("taken");
  await createAccount(request, baseURL!, email);

  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email is already taken");
});

test("signed-out visitors are sent to sign-in; signed-in ones skip it", async ({ page, request, baseURL }) => {
  await page.goto("/settings/integrations");
  await expect(page).toHaveURL(/\/sign-in$/);

  const email = uniqueEmail("redirect");
  await createAccount(request, baseURL!, email);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();

  await page.goto("/sign-up");
  await expect(page).toHaveURL(`${baseURL}/`);

  await page.getByRole("button", { name: email }).click();
  await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in$/);

  // Signed in again, the account's admin finds the sign-out in the workspace's audit log.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();
  const log = await page.request.get("/api/workspace/audit-log?action=auth");
  expect(log.status()).toBe(200);
  const actions = ((await log.json()).entries as { action: string; target: { name: string } }[]).map((entry) => `${entry.action} ${entry.target.name}`);
  expect(actions).toEqual([`auth.signed_in ${email}`, `auth.signed_out ${email}`, `auth.signed_in ${email}`]);
});
