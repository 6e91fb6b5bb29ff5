import { expect, test, type Page } from "@playwright/test";
import { STRONG_PASSWORD, uniqueEmail } from "./helpers";

/**
 * The dialog that shows a secret once (components/settings/secret-once-dialog.tsx), by keyboard:
 * Escape before the secret was copied asks first, a second Escape closes, and after a copy one
 * Escape closes; each time the focus goes back to the button that opened it.
 */

async function generateKey(page: Page, name: string) {
  await page.getByRole("button", { name: "Generate API key" }).click();
  const form = page.getByRole("dialog", { name: "Generate API key" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Generate key" }).click();
  const reveal = page.getByRole("dialog", { name: "Your new API key" });
  await expect(reveal.getByLabel("API key", { exact: true })).toHaveValue(/^service_sk_/);
  return reveal;
}

test("Escape on a key shown once: asks before losing it, closes on the second, and returns the focus", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill("Esme Escape");
  await page.getByLabel("Email").fill(uniqueEmail("secret-escape"));
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();
  await page.goto("/settings/integrations");
  await expect(page.getByText("No API keys yet")).toBeVisible();

  // Not copied: the first Escape asks (the dialog stays, the focus in it), the second closes.
  const reveal = await generateKey(page, "Uncopied key");
  await page.keyboard.press("Escape");
  await expect(reveal).toBeVisible();
  await expect(reveal.getByRole("alert")).toContainText("Close without copying the key?");
  // The safe answer has the focus: Enter goes back to the key.
  await expect(reveal.getByRole("button", { name: "Go back" })).toBeFocused();
  await page.screenshot({ path: "tests/artifacts/secret-once-escape-asks.png", fullPage: true });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Generate API key" })).toBeFocused();
  await expect(page.getByRole("row", { name: /Uncopied key/ })).toBeVisible();

  // Copied: one Escape closes, and the focus is back on the opener.
  const second = await generateKey(page, "Copied key");
  await second.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(second.getByRole("button", { name: "Copied" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Generate API key" })).toBeFocused();
});
