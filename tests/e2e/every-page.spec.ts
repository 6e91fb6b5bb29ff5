import { expect, test, type Page } from "@playwright/test";
import { api, createSnap, signUp, THEMES_AND_WIDTHS } from "./board-helpers";
import { seriousViolations } from "./axe";

/**
 * Every page, in both themes and at both widths (light on a laptop, dark at phone width: 390 px;
 * THEMES_AND_WIDTHS): axe-core finds no serious or
 * critical WCAG 2.1 A/AA violation (contrast included), and no page scrolls sideways (the board
 * pans inside its own area). The dashboard lists a 100-column board, whose preview once pushed its
 * tile out of a phone's screen. Dialogs and the inspector are scanned open, and the panels that load
 * after the page (webhooks, the audit log) once they show their content.
 */
test.describe.configure({ timeout: 240_000 });

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const { theme, viewport } of THEMES_AND_WIDTHS) {
  test(`every page in the ${theme} theme at ${viewport.width} px: no serious axe violation, no sideways scroll`, async ({ page, browser, baseURL }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: theme });

    // Signed out: sign-in and sign-up.
    const visitorContext = await browser.newContext({ viewport, colorScheme: theme });
    const visitor = await visitorContext.newPage();
    for (const path of ["/sign-in", "/sign-up"]) {
      await visitor.goto(`${baseURL}${path}`);
      await expect(visitor.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      expect(await seriousViolations(visitor, { legacyMode: visitor.frames().length === 1 }), path).toEqual([]);
      expect(await pageWidth(visitor), path).toBeLessThanOrEqual(viewport.width);
    }

    await signUp(page, "Ally Axe");
    const board = await createSnap(page, { title: "Contrast check", subtitle: "Cards of every kind", icon: "🎨", rows: 2, cols: 6 });
    const kinds = [
      { title: "Plain text", note: "With a note" },
      { title: "Ship it", cellType: "todo", completed: true },
      { title: "Blocked", cellType: "status" },
      { title: "https://example.com/docs", cellType: "link" },
      { title: "Light fill", color: "#dbeafe" },
      { title: "Dark fill", color: "#1e293b", bold: true },
    ];
    await api(page, "PATCH", "/api/snaps/cards/batch", { updates: kinds.map((fields, index) => ({ id: board.cards[index]!.id, ...fields })) });
    await createSnap(page, { title: "A very wide board", rows: 1, cols: 100 });
    const shared = await api(page, "PATCH", `/api/snaps/${board.id}`, { isPublic: true });
    // A webhook lists in Integrations, and its creation is an audit log entry under Workspace.
    await api(page, "POST", "/api/webhooks", { url: "https://hooks.example.com/axe", description: "Contrast check" });

    // An entry without a path goes on from the state the one before it left (and scanned).
    const pages: { path?: string; name: string; open?: () => Promise<void> }[] = [
      { path: "/", name: "dashboard" },
      {
        name: "new snap dialog",
        open: async () => {
          await page.getByRole("button", { name: "New snap" }).first().click();
          await expect(page.getByRole("dialog", { name: "New snap" })).toBeVisible();
        },
      },
      {
        path: `/snaps/${board.id}`,
        name: "board with the inspector",
        open: async () => {
          await page.locator("[data-board-root][data-ready]").waitFor();
          await page.getByRole("gridcell", { name: /Plain text/ }).click();
          await expect(page.getByRole("complementary", { name: "Inspector" }).getByLabel("Note", { exact: true })).toBeVisible();
        },
      },
      {
        path: `/snaps/${board.id}`,
        name: "snap settings dialog",
        open: async () => {
          await page.locator("[data-board-root][data-ready]").waitFor();
          // A phone's header keeps Settings in its "More" menu.
          if (viewport.width < 640) {
            await page.getByRole("button", { name: "More actions for this snap" }).click();
            await page.getByRole("menu").getByRole("menuitem", { name: "Settings" }).click();
          } else {
            await page.getByRole("button", { name: "Settings", exact: true }).click();
          }
          await expect(page.getByRole("dialog", { name: "Snap settings" })).toBeVisible();
        },
      },
      {
        path: "/settings/integrations",
        name: "integrations with a webhook",
        open: async () => {
          await expect(page.getByRole("list", { name: "Webhooks" }).getByText("hooks.example.com")).toBeVisible();
        },
      },
      {
        path: "/settings/workspace",
        name: "workspace with the audit log",
        open: async () => {
          await expect(page.getByRole("list", { name: "Audit log entries" }).getByText("Created webhook")).toBeVisible();
          await page.screenshot({ path: `tests/artifacts/audit-log-${theme}-${viewport.width}.png`, fullPage: true });
        },
      },
      {
        name: "audit log filtered to nothing",
        open: async () => {
          await page.getByLabel("Show").selectOption({ label: "Members" });
          await expect(page.getByText("Nothing of this kind has happened yet.")).toBeVisible();
        },
      },
      { path: "/docs", name: "API reference" },
      { path: `/s/${shared.body.snap.shareToken}`, name: "public page" },
    ];
    for (const { path, name, open } of pages) {
      if (path) {
        await page.goto(path);
        await page.locator("main").first().waitFor();
      }
      if (open) await open();
      expect(await seriousViolations(page, { legacyMode: page.frames().length === 1 }), name).toEqual([]);
      expect(await pageWidth(page), name).toBeLessThanOrEqual(viewport.width);
    }
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "A very wide board" })).toBeVisible();
    await page.screenshot({ path: `tests/artifacts/dashboard-${theme}-${viewport.width}.png` });
    await visitorContext.close();
  });
}
