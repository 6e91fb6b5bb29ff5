import { expect, test, type Page } from "@playwright/test";
import { STRONG_PASSWORD, uniqueEmail } from "./helpers";

async function signUp(page: Page, name: string) {
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(uniqueEmail("webhooks"));
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible({ timeout: 30_000 }); // bcrypt on a busy machine
}

/**
 * The e2e servers run as in production (no private URLs), so deliveries here fail (the example
 * host does not resolve offline): the log, Retry and the states are what is checked; successful
 * delivery is covered by tests/api/webhook-delivery.test.ts.
 */
test("add a webhook, see its secret once, test it, read the log, disable, rotate and delete it", async ({ page }) => {
  test.setTimeout(180_000); // many steps, each waiting on a shared, slow machine
  await signUp(page, "Wren Hooks");
  await page.goto("/settings/integrations");
  const section = page.getByRole("region", { name: "Webhooks" });
  await expect(section.getByText("No webhooks yet")).toBeVisible();
  await page.screenshot({ path: "tests/artifacts/webhooks-empty.png", fullPage: true });

  await section.getByRole("button", { name: "Add webhook" }).click();
  const form = page.getByRole("dialog", { name: "Add webhook" });
  await expect(form.getByLabel("Endpoint URL")).toBeFocused();
  await form.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/hook");
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(form.getByLabel("Endpoint URL")).toHaveAccessibleDescription(/loopback, private, link-local and metadata addresses are refused/);
  await form.getByLabel("Endpoint URL").fill("https://hooks.example.com/snap-board");
  await form.getByLabel("Description").fill("Tracker sync");
  await form.getByLabel("All events, including types added later").uncheck();
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(form.getByText("Choose at least one event type")).toBeVisible();
  await form.getByLabel("cards.updated").check();
  await expect(form.getByText("Choose at least one event type")).toHaveCount(0);
  await form.getByLabel("cards.created").check();
  await page.screenshot({ path: "tests/artifacts/webhooks-add.png", fullPage: true });
  await form.getByRole("button", { name: "Add webhook" }).click();

  const reveal = page.getByRole("dialog", { name: "Your webhook's signing secret" });
  await expect(reveal.getByLabel("Signing secret")).toHaveValue(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  await expect(reveal).toContainText("Copy your secret now");
  await page.screenshot({ path: "tests/artifacts/webhooks-secret.png", fullPage: true });
  await reveal.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(/whsec_/)).toHaveCount(0);

  const item = section.getByRole("listitem").filter({ hasText: "https://hooks.example.com/snap-board" });
  await expect(item).toContainText("cards.updated, cards.created");
  await expect(item).toContainText("Tracker sync");
  await expect(item).toContainText("Last delivery:none yet");

  await item.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event queued")).toBeVisible();
  const log = item.getByRole("list", { name: "Deliveries" });
  await expect(async () => {
    await item.getByRole("button", { name: "Refresh" }).click();
    await expect(log.getByRole("listitem").first()).toContainText("The host name could not be resolved", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // The e2e servers keep the default retry schedule: after a failed attempt the delivery is pending its retry.
  const failed = log.getByRole("listitem").first();
  await expect(failed).toContainText("Pending");
  await expect(failed).toContainText("webhook.test");
  await expect(failed).toContainText("No response");
  await expect(failed).toContainText(/\d+ attempts?/);
  await expect(failed).toContainText("The host name could not be resolved");
  await page.screenshot({ path: "tests/artifacts/webhooks-log.png", fullPage: true });

  await failed.getByRole("button", { name: "Retry webhook.test delivery" }).click();
  await expect(page.getByText("Retry queued")).toBeVisible();
  await expect(async () => {
    await item.getByRole("button", { name: "Refresh" }).click();
    await expect(log.getByRole("listitem").first()).toContainText(/[2-9] attempts/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  const toggle = item.getByRole("switch");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(item).toContainText("Disabled: Disabled by you");
  await page.reload();
  await expect(section.getByRole("switch")).toHaveAttribute("aria-checked", "false");
  await expect(item).toContainText("Disabled: Disabled by you");
  await page.screenshot({ path: "tests/artifacts/webhooks-disabled.png", fullPage: true });

  await item.getByRole("button", { name: "Rotate secret" }).click();
  const rotate = page.getByRole("dialog", { name: "Rotate signing secret?" });
  await expect(rotate.getByRole("button", { name: "Cancel" })).toBeFocused();
  await rotate.getByRole("button", { name: "Rotate secret" }).click();
  await expect(page.getByRole("dialog", { name: "New signing secret" }).getByLabel("Signing secret")).toHaveValue(/^whsec_/);
  await page.getByRole("dialog", { name: "New signing secret" }).getByRole("button", { name: "Done" }).click();

  await item.getByRole("button", { name: "Delete webhook https://hooks.example.com/snap-board" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete webhook?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete webhook" }).click();
  await expect(page.getByText("Webhook deleted")).toBeVisible();
  await expect(section.getByText("No webhooks yet")).toBeVisible();
});

test("the Webhooks section at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, "Pia Phone");
  const created = await page.request.post("/api/webhooks", {
    data: { url: "https://hooks.example.com/phone", description: "A rather long description to wrap" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(created.status()).toBe(201);
  await page.goto("/settings/integrations");
  const section = page.getByRole("region", { name: "Webhooks" });
  const item = section.getByRole("listitem").filter({ hasText: "https://hooks.example.com/phone" });
  await expect(item).toContainText("All events");
  await item.getByRole("button", { name: "Deliveries" }).click();
  await expect(item.getByText("Nothing sent yet")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tests/artifacts/webhooks-phone.png", fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});
