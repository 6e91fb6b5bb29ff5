/**
 * What the browser benches (bench/board.ts, bench/board-many.ts) start from: the production build
 * on a bench database of its own, Debian's Chromium, a signed-up person and their two boards (20 × 20
 * and 100 × 100, bench/board-seed.ts), and the session to open them with.
 */
import { chromium, type Browser } from "@playwright/test";
import { seedBoard } from "./board-seed";
import { createBenchDatabase } from "./database";
import { startApp } from "./server";

/** An init script: IndexedDB taken away before any page script, so the board keeps its changes in memory only (no device queue). */
export const NO_DEVICE_QUEUE = `Object.defineProperty(window, "indexedDB", { value: undefined, configurable: true });`;

export interface BoardBenchSession {
  baseUrl: string;
  browser: Browser;
  /** The signed-in person's cookies, for new contexts. */
  storageState: Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;
  boards: { small: Awaited<ReturnType<typeof seedBoard>>; large: Awaited<ReturnType<typeof seedBoard>> };
  close(): Promise<void>;
}

export async function openBoardBenchSession(label: string, log: (line: string) => void): Promise<BoardBenchSession> {
  const { ensureBuild } = await import("../scripts/ensure-build");
  await ensureBuild({ log });
  const database = await createBenchDatabase();
  const app = await startApp({ DATABASE_URL: database.url, AUTH_SECRET: "bench-board-secret-0123456789abcdef", LOG_LEVEL: "warn" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const close = async () => {
    await browser.close();
    await app.stop();
    await database.drop();
  };
  try {
    const setup = await browser.newContext({ baseURL: app.baseUrl });
    const page = await setup.newPage();
    await page.goto("/sign-up");
    await page.getByLabel("Name").fill("Bench Board");
    await page.getByLabel("Email").fill(`${label}-${Date.now()}@example.test`);
    await page.getByLabel("Password").fill("correct-horse-42");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    log("seeding a 20 x 20 and a 100 x 100 board…");
    const boards = { small: await seedBoard(page, 20, 20), large: await seedBoard(page, 100, 100) };
    const storageState = await setup.storageState();
    await setup.close();
    return { baseUrl: app.baseUrl, browser, storageState, boards, close };
  } catch (error) {
    await close();
    throw error;
  }
}
