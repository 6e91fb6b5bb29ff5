import { expect, test, type Locator } from "@playwright/test";
import { api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";

/** Whether the html element had the dark class when the body first appeared (before any paint). */
const RECORD_THEME_AT_BODY = () => {
  const observer = new MutationObserver(() => {
    if (!document.body) return;
    observer.disconnect();
    (window as unknown as { darkAtBody: boolean }).darkAtBody = document.documentElement.classList.contains("dark");
  });
  observer.observe(document, { childList: true, subtree: true });
};

/** Relative luminance (0 black, 1 white) of an element's computed colour, whatever syntax it is in (lab, oklch, rgb). */
async function luminance(locator: Locator, property: "color" | "background-color" | "outline-color", pseudo?: "::backdrop"): Promise<number> {
  return locator.evaluate(
    (element, [name, pseudoElement]) => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const context = canvas.getContext("2d")!;
      context.fillStyle = getComputedStyle(element, pseudoElement).getPropertyValue(name!);
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    },
    [property, pseudo],
  );
}

/** WCAG's contrast ratio of two relative luminances. */
function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

test("the toast is dark with light text in both themes, success and error alike; a dialog dims the page", async ({ page }) => {
  await page.clock.install();
  await page.emulateMedia({ colorScheme: "dark" });
  await signUp(page, "Tori Toast");
  const snap = await createSnap(page, { title: "Toasts", rows: 1, cols: 2 });
  await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: snap.cards[0]!.id, title: "Doomed" }] });
  await openBoard(page, snap.id);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  /** The toast's box: dark, its text and icon light enough to read on it. */
  const expectDarkToast = async (text: string) => {
    const box = page.getByRole("status").filter({ hasText: text }).locator(":scope > div");
    await expect(box).toBeVisible();
    const background = await luminance(box, "background-color");
    expect(background).toBeLessThan(0.05);
    expect(contrast(background, await luminance(box, "color"))).toBeGreaterThanOrEqual(7);
    expect(contrast(background, await luminance(box.locator("svg"), "color"))).toBeGreaterThanOrEqual(3);
  };

  // The page's clock stands still while a toast is up, so it stays on screen for the checks.
  const settings = page.getByRole("dialog", { name: "Snap settings" });
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await settings.getByLabel("Subtitle").fill("Toasted");
  // The page behind a dialog is dimmed, not washed out by the mirrored palette.
  expect(await luminance(settings, "background-color", "::backdrop")).toBeLessThan(0.02);
  await page.clock.pauseAt(Date.now() + 1_000);
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expectDarkToast("Settings saved");
  await page.screenshot({ path: "tests/artifacts/toast-dark.png" });
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expectDarkToast("Settings saved");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.clock.runFor(10_000); // past the toast's time on screen (components/ui/toast.tsx)
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeHidden();

  // An error: the server refuses a delete (the board's one change), the card comes back and the toast says why.
  // The clock runs again: the board sends its change after the gesture's frame, on a timer.
  await page.clock.resume();
  await page.route("**/api/snaps/*/changes", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 403, json: { error: { code: "FORBIDDEN", message: "You cannot delete this card" } } })
      : route.fallback(),
  );
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("Delete");
  await expectDarkToast("Couldn't save: You cannot delete this card.");
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/Doomed$/);
  await page.screenshot({ path: "tests/artifacts/toast-error-dark.png" });
});

test("the theme follows the system, and a Light / Dark / System choice in the user menu is remembered, with no flash", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.addInitScript(RECORD_THEME_AT_BODY);
  await signUp(page, "Theo Theme");
  await page.goto("/");
  const html = page.locator("html");

  // System (the default) and the system is dark: dark from the first paint.
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => (window as unknown as { darkAtBody: boolean }).darkAtBody)).toBe(true);
  // The system turns light: the page follows at once.
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).not.toHaveClass(/\bdark\b/);

  // Choose Dark in the user menu (keyboard and pointer both reach it).
  await page.getByRole("button", { name: "Theo Theme" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
  await menu.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(menu.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
  expect(await luminance(page.locator("body"), "background-color")).toBeLessThan(0.02);

  // Remembered: a reload on a light system is dark before the first paint.
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => (window as unknown as { darkAtBody: boolean }).darkAtBody)).toBe(true);

  // Light, chosen on a dark system, wins over it.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.getByRole("button", { name: "Theo Theme" }).click();
  await page.getByRole("menu").getByRole("menuitemradio", { name: "Light" }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { darkAtBody: boolean }).darkAtBody)).toBe(false);

  // Back to System: dark again, since the system is.
  await page.getByRole("button", { name: "Theo Theme" }).click();
  await page.getByRole("menu").getByRole("menuitemradio", { name: "System" }).click();
  await expect(html).toHaveClass(/\bdark\b/);

  // On the board in the dark theme: a card with no colour is dark; colours a user chose stay as
  // chosen, with text readable on them.
  const snap = await createSnap(page, { title: "Colours", rows: 1, cols: 3 });
  await api(page, "PATCH", "/api/snaps/cards/batch", {
    updates: [
      { id: snap.cards[0]!.id, title: "Default" },
      { id: snap.cards[1]!.id, title: "Pale blue", color: "#dbeafe" },
      { id: snap.cards[2]!.id, title: "Navy", color: "#1e293b" },
    ],
  });
  await openBoard(page, snap.id);
  expect(await luminance(cardAt(page, 1, 1), "background-color")).toBeLessThan(0.02);
  expect(await luminance(cardAt(page, 1, 1), "color")).toBeGreaterThan(0.8);
  await expect(cardAt(page, 1, 2)).toHaveCSS("background-color", "rgb(219, 234, 254)");
  await expect(cardAt(page, 1, 2)).toHaveCSS("color", "rgb(15, 23, 42)");
  await expect(cardAt(page, 1, 3)).toHaveCSS("background-color", "rgb(30, 41, 59)");
  await expect(cardAt(page, 1, 3)).toHaveCSS("color", "rgb(255, 255, 255)");
  await page.screenshot({ path: "tests/artifacts/board-dark.png" });
});

test("code blocks are dark with light text in both themes, with an edge on the dark page (the API reference's examples)", async ({ page }) => {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/docs");
    if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    const operation = page.locator("#op-createSnap");
    const block = operation.getByLabel("Request body example");
    await block.locator("xpath=ancestor::details[1]/summary").click();
    await expect(block).toBeVisible();
    const background = await luminance(block, "background-color");
    expect(background).toBeLessThan(0.05);
    expect(await luminance(block, "color")).toBeGreaterThan(0.8);
    if (scheme === "dark") {
      // A faint edge, lighter than the block and the page, so the block does not melt into the page.
      await expect(block).toHaveCSS("outline-style", "solid");
      const edge = await luminance(block, "outline-color");
      expect(contrast(edge, background)).toBeGreaterThanOrEqual(1.5);
      expect(contrast(edge, await luminance(page.locator("body"), "background-color"))).toBeGreaterThanOrEqual(1.5);
    } else {
      await expect(block).toHaveCSS("outline-style", "none");
    }
    await page.screenshot({ path: `tests/artifacts/docs-code-${scheme}.png` });
  }
});
