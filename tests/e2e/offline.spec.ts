import { expect, test, type Page } from "@playwright/test";
import { existsSync } from "node:fs";
import { api, cardAt, createSnap, openBoard, signUp } from "./board-helpers";

/** Edits made offline wait in the board's change queue, which another part of the work brings. */
const HAS_CHANGE_QUEUE = existsSync("components/device/change-queue.ts");

/**
 * Offline (docs/OFFLINE.md): a board opened before opens again without a network, from the service
 * worker's shell and this person's copy on the device; the header says so; signing out leaves nothing
 * of the person on the device for the next one.
 */

/** Once the service worker controls the page, a reload without a network reaches it. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The titles of the cards in the device's copy of a board, once it is written (null before). */
async function copiedCardTitles(page: Page, snapId: string): Promise<string[] | null> {
  return page.evaluate(async (id) => {
    const names = (await indexedDB.databases()).map(({ name }) => name ?? "");
    const name = names.find((each) => each.startsWith("snap-boards:"));
    if (!name) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const copy = await new Promise<{ json: string } | undefined>((resolve, reject) => {
        const request = db.transaction("docs").objectStore("docs").get(id);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return copy ? (JSON.parse(copy.json) as { cards: { title?: string }[] }).cards.map((card) => card.title ?? "") : null;
    } finally {
      db.close();
    }
  }, snapId);
}

/** What this browser keeps: the `snap-` databases, and every cached request's path. */
async function deviceContents(page: Page): Promise<{ databases: string[]; cachedPaths: string[] }> {
  return page.evaluate(async () => {
    const databases = (await indexedDB.databases()).map(({ name }) => name ?? "").filter((name) => name.startsWith("snap-"));
    const cachedPaths: string[] = [];
    for (const key of await caches.keys()) {
      for (const request of await (await caches.open(key)).keys()) cachedPaths.push(new URL(request.url).pathname);
    }
    return { databases, cachedPaths };
  });
}

test("a board opened before opens offline from the device; the header says Offline with a grey dot", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUp(page, "Olive Offline");
  const snap = await createSnap(page, { title: "Train notes", rows: 2, cols: 2 });
  await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: snap.cards[0]!.id, title: "Packed" }] });
  await openBoard(page, snap.id);
  const status = page.getByRole("status", { name: /^Live/ });
  await expect(status).toBeVisible();
  await waitForServiceWorker(page);
  await expect.poll(() => copiedCardTitles(page, snap.id)).toContain("Packed");

  await context.setOffline(true);
  const offline = page.getByRole("status", { name: /^Offline/ });
  await expect(offline).toBeVisible();
  await expect(offline.locator("[data-live-dot]")).toHaveClass(/bg-slate-400/);

  // Opened again without a network: the worker's shell, the board from the device.
  await page.reload();
  await page.locator("[data-board-root][data-ready]").waitFor();
  await expect(page).toHaveURL(new RegExp(`/snaps/${snap.id}$`));
  await expect(page.locator("[data-offline-shell]")).toBeAttached();
  await expect(page.getByRole("heading", { name: "Train notes" })).toBeVisible();
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/^Row 1, column 1: Packed/);
  await expect(page.getByRole("status", { name: /^Offline/ }).locator("[data-live-dot]")).toHaveClass(/bg-slate-400/);
  await page.screenshot({ path: "test-results/offline-board.png" });

  // A board never opened here says so, and lists the ones that are.
  await page.goto("/snaps/never-opened-here");
  await expect(page.getByText("That board has not been opened on this device")).toBeVisible();
  await expect(page.getByRole("link", { name: "Train notes" })).toBeVisible();
});

test("a board opened offline from the device takes edits, which stay on it", async ({ page, context }) => {
  // The edit waits in the change queue: a save that fails for want of a network is kept, not undone.
  test.fixme(!HAS_CHANGE_QUEUE, "needs the board's change queue (components/device/change-queue.ts)");
  test.setTimeout(120_000);
  await signUp(page, "Ed Offline");
  const snap = await createSnap(page, { title: "Field notes", rows: 1, cols: 2 });
  await openBoard(page, snap.id);
  await waitForServiceWorker(page);
  await expect.poll(() => copiedCardTitles(page, snap.id)).not.toBeNull();
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator("[data-offline-shell] [data-board-root][data-ready]")).toBeVisible();

  await cardAt(page, 1, 2).dblclick();
  const editor = page.getByRole("textbox", { name: "Card text" });
  await editor.fill("Written on the train");
  await editor.press("Enter");
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName(/^Row 1, column 2: Written on the train/);
  // Still there once the failed send has been answered by the network's absence.
  await expect(page.getByRole("status", { name: /^Offline/ })).toBeVisible();
  await expect(page.getByText("The change was undone")).toHaveCount(0);
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName(/^Row 1, column 2: Written on the train/);
});

test("a dropped live stream comes back with Last-Event-ID and catches up; the dot is grey until it has", async ({ page }) => {
  await signUp(page, "Rhea Reconnect");
  const snap = await createSnap(page, { title: "Tunnel", rows: 1, cols: 2 });
  const { body } = await api(page, "GET", `/api/snaps/${snap.id}`);
  const version: number = body.snap.version;

  // The first stream says `ready` with event id version + 1, as if the board had that version's
  // change, and drops. The browser's reconnection (Last-Event-ID is added below Playwright's view,
  // so the server's answer shows it) is held until the test has seen the header and made changes.
  let streams = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/snaps/${snap.id}/events**`, async (route) => {
    streams += 1;
    if (streams === 1) {
      const ready = JSON.stringify({ version, connectionId: "dropped", userId: "someone", access: "manage" });
      await route.fulfill({ status: 200, contentType: "text/event-stream", body: `retry: 100\n\nid: ${version + 1}\nevent: ready\ndata: ${ready}\n\n` });
      return;
    }
    await released;
    await route.continue();
  });
  await openBoard(page, snap.id);

  const reconnecting = page.getByRole("status", { name: /^Reconnecting/ });
  await expect(reconnecting).toBeVisible();
  await expect(reconnecting.locator("[data-live-dot]")).toHaveClass(/bg-slate-400/);
  await expect.poll(() => streams).toBeGreaterThan(1);

  await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: snap.cards[0]!.id, title: "Version two" }] });
  await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: snap.cards[1]!.id, title: "While it was down" }] });
  release();
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName(/While it was down/);
  // Resumed after the last event id the stream had (version + 1), not from the address's ?since=version.
  await expect(cardAt(page, 1, 1)).not.toHaveAccessibleName(/Version two/);
  const live = page.getByRole("status", { name: /^Live/ });
  await expect(live).toBeVisible();
  await expect(live.locator("[data-live-dot]")).toHaveClass(/bg-emerald-500/);
});

test("signing out removes the device's copies and queue; the next person on the browser sees none of them", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUp(page, "Fran First");
  const snap = await createSnap(page, { title: "Fran's private plans", rows: 1, cols: 1 });
  await openBoard(page, snap.id);
  await waitForServiceWorker(page);
  await expect.poll(() => copiedCardTitles(page, snap.id)).not.toBeNull();
  const franId = (await deviceContents(page)).databases.find((name) => name.startsWith("snap-boards:"))!.slice("snap-boards:".length);
  // A change waiting in this person's queue (the queue's database, as the editor keeps it, made here if the editor has not yet).
  await page.evaluate(async (queueDatabase) => {
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(queueDatabase);
      request.onupgradeneeded = () => request.result.createObjectStore("pending", { autoIncrement: true }).put({ title: "queued" });
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
  }, `snap-queue:${franId}`);
  expect((await deviceContents(page)).databases).toEqual(
    expect.arrayContaining([expect.stringMatching(/^snap-queue:/), expect.stringMatching(/^snap-boards:/)]),
  );

  await page.getByRole("button", { name: "Fran First" }).click();
  await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  const afterSignOut = await deviceContents(page);
  expect(afterSignOut.databases).toEqual([]);
  // The worker's caches hold the app's own files and the empty shell only: no page or answer of anyone's.
  expect(afterSignOut.cachedPaths.filter((path) => !path.startsWith("/_next/static/") && path !== "/offline" && !/^\/[\w.-]+$/.test(path))).toEqual([]);
  expect(afterSignOut.cachedPaths.some((path) => path.startsWith("/api/") || path.startsWith("/snaps/"))).toBe(false);

  // Signed out and offline, the board's address opens nothing of Fran's.
  await context.setOffline(true);
  await page.goto(`/snaps/${snap.id}`);
  await expect(page.getByText("Nothing of yours is kept on this device")).toBeVisible();
  await expect(page.getByText("Fran's private plans")).toHaveCount(0);
  await context.setOffline(false);

  // The next person signs in on the same browser: none of Fran's copies or queue, offline or online.
  await signUp(page, "Nell Next");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();
  await expect.poll(async () => (await deviceContents(page)).databases).toContain("snap-device");
  expect((await deviceContents(page)).databases.filter((name) => name.includes(franId))).toEqual([]);
  await context.setOffline(true);
  await page.goto(`/snaps/${snap.id}`);
  await expect(page.getByText("That board has not been opened on this device")).toBeVisible();
  await expect(page.getByText("Fran's private plans")).toHaveCount(0);
});
