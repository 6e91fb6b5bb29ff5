import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { freePort, startAppServer, type AppServer } from "../setup/app-server";
import { createAccount, signInThroughApi, uniqueEmail } from "./helpers";

/**
 * The app server itself goes away mid-edit (docs/SAVING.md): not the browser's network, the process.
 * Requests meet a refused connection, the live stream drops; the person keeps typing, the header says
 * Reconnecting and how many changes wait; the server starts again on the same port and every change
 * lands once. Playwright's own servers cannot be restarted: this file starts its own (same build and
 * database) on a port it keeps.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

const AUTH_SECRET = "saving-restart-e2e-secret-0123456789abcdef";
let port: number;
let app: AppServer | null = null;

/** The suite's database: DATABASE_URL, else the embedded server the launcher started. */
function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  return (JSON.parse(readFileSync("data/embedded-postgres.json", "utf8")) as { url: string }).url;
}

const start = async () => {
  app = await startAppServer({ databaseUrl: databaseUrl(), authSecret: AUTH_SECRET, port });
  return app;
};

test.beforeAll(async () => {
  port = await freePort();
  await start();
});

test.afterAll(async () => {
  await app?.stop();
});

const cardAt = (page: Page, row: number, col: number) => page.getByRole("gridcell", { name: new RegExp(`^Row ${row}, column ${col}:`) });

async function typeInto(page: Page, row: number, col: number, text: string) {
  await cardAt(page, row, col).click();
  await page.keyboard.press("Enter");
  await page.getByRole("textbox", { name: "Card text" }).fill(text);
  await page.keyboard.press("Enter");
  await expect(cardAt(page, row, col)).toHaveAccessibleName(`Row ${row}, column ${col}: ${text}`);
}

test("the app server stopped mid-edit: the board keeps typing, says it waits, and every change lands once when the server is back", async ({ browser }) => {
  const baseUrl = app!.baseUrl;
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const email = uniqueEmail("sam-server");
  await createAccount(page.request, baseUrl, email, undefined, "Sam Server");
  await signInThroughApi(page.request, baseUrl, email);
  const created = await page.request.post("/api/snaps", { data: { title: "Restart day", rows: 2, cols: 2 }, headers: { Origin: baseUrl } });
  expect(created.status()).toBe(201);
  const snapId = ((await created.json()) as { snap: { id: string } }).snap.id;
  const snapNow = async () =>
    ((await (await page.request.get(`/api/snaps/${snapId}`)).json()) as { snap: { version: number; cards: { title: string; row: number; col: number }[] } })
      .snap;

  await page.goto(`/snaps/${snapId}`);
  await page.locator("[data-board-root][data-ready]").waitFor();
  await expect(page.locator("[data-connection=live]")).toBeVisible();
  await typeInto(page, 1, 1, "Before the restart");
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  const versionBefore = (await snapNow()).version;

  // Every answer of POST /changes from here on, by Idempotency-Key.
  const answered: { key: string; status: number }[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(`/api/snaps/${snapId}/changes`))
      answered.push({ key: response.request().headers()["idempotency-key"] ?? "", status: response.status() });
  });

  await app!.stop();
  await typeInto(page, 1, 2, "Typed while it was down");
  await typeInto(page, 2, 1, "And another");
  await expect(page.getByText("2 changes waiting", { exact: true })).toBeVisible();
  await expect(page.getByRole("status", { name: "Reconnecting to live updates" })).toBeVisible();
  await expect(page.getByText(/Couldn't save/)).toHaveCount(0);
  await page.screenshot({ path: "tests/artifacts/saving-server-down.png" });

  await start();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("[data-connection=live]")).toBeVisible();
  const snap = await snapNow();
  const title = (row: number, col: number) => snap.cards.find((card) => card.row === row && card.col === col)?.title;
  expect([title(0, 0), title(0, 1), title(1, 0), title(1, 1)]).toEqual(["Before the restart", "Typed while it was down", "And another", ""]);
  expect(snap.cards).toHaveLength(4);
  // Two gestures, two writes: none applied twice, each answered once.
  expect(snap.version).toBe(versionBefore + 2);
  const saved = answered.filter((answer) => answer.status === 200);
  expect(saved).toHaveLength(2);
  expect(new Set(saved.map((answer) => answer.key)).size).toBe(2);
  // The board shows what the server has, after a reload too.
  await page.reload();
  await page.locator("[data-board-root][data-ready]").waitFor();
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName("Row 1, column 2: Typed while it was down");
  await context.close();
});
