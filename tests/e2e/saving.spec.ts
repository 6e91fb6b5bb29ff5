import { expect, test, type Page } from "@playwright/test";
import { api, cardAt, createSnap, expectSaved, openBoard, signUp } from "./board-helpers";

// Each test signs up (bcrypt) and opens one or more boards on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

const inspectorOf = (page: Page) => page.getByRole("complementary", { name: "Inspector" });
const waiting = (page: Page, count: number) => page.getByText(count === 1 ? "1 change waiting" : `${count} changes waiting`, { exact: true });

async function boardWithACard(page: Page, name: string) {
  await signUp(page, name);
  const snap = await createSnap(page, { title: "Field notes", rows: 2, cols: 2 });
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: snap.cards[0]!.id, title: "Site" }] })).status).toBe(200);
  return snap;
}

async function noteOf(page: Page, snapId: string): Promise<string | undefined> {
  const { body } = await api(page, "GET", `/api/snaps/${snapId}`);
  return (body.snap.cards as { title: string; note: string }[]).find((card) => card.title === "Site")?.note;
}

async function writeNote(page: Page, note: string) {
  await cardAt(page, 1, 1).click();
  await inspectorOf(page).getByLabel("Note", { exact: true }).fill(note);
}

test("an edit made while the network is down is kept, waits, and is saved when it comes back", async ({ page, context }) => {
  const snap = await boardWithACard(page, "Nadia Network");
  await openBoard(page, snap.id);
  await context.setOffline(true);
  await writeNote(page, "Written on the train");
  await expect(waiting(page, 1)).toBeVisible();
  await writeNote(page, "Written on the train, twice");
  await expect(waiting(page, 2)).toBeVisible();
  await page.screenshot({ path: "tests/artifacts/saving-offline-waiting.png" });
  // Nothing was undone: the board still shows the edit, and no failure is said.
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/Written on the train, twice/);
  await expect(page.getByText(/Couldn't save/)).toHaveCount(0);

  await context.setOffline(false);
  await expectSaved(page);
  expect(await noteOf(page, snap.id)).toBe("Written on the train, twice");
});

test("a write answered 503 with Retry-After, then 429, is sent again until it passes, and applied once", async ({ page }) => {
  const snap = await boardWithACard(page, "Rita Retry");
  await openBoard(page, snap.id);
  const keys: string[] = [];
  let refusals = 0;
  await page.route("**/api/snaps/*/changes", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    refusals += 1;
    if (refusals === 1) return route.fulfill({ status: 503, headers: { "Retry-After": "1" }, json: { error: { code: "UNAVAILABLE", message: "Draining" } } });
    if (refusals === 2) return route.fulfill({ status: 429, headers: { "Retry-After": "1" }, json: { error: { code: "RATE_LIMITED", message: "Slow down" } } });
    return route.continue();
  });
  await writeNote(page, "Through the deploy");
  await expect(waiting(page, 1)).toBeVisible();
  await expectSaved(page);
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
  expect(await noteOf(page, snap.id)).toBe("Through the deploy");
  await expect(page.getByText(/Couldn't save/)).toHaveCount(0);
});

test("a refusal still puts the board back and says why", async ({ page }) => {
  const snap = await boardWithACard(page, "Rolf Refused");
  await openBoard(page, snap.id);
  await page.route("**/api/snaps/*/changes", (route) =>
    route.fulfill({ status: 409, json: { error: { code: "CONFLICT", message: "The cards would overlap" } } }),
  );
  await writeNote(page, "Not allowed");
  await expect(page.getByText(/Couldn't save: The cards would overlap\. The change was undone\./)).toBeVisible();
  await expect(cardAt(page, 1, 1)).not.toHaveAccessibleName(/Not allowed/);
});

test("a page closed while offline loses nothing: the app sends its changes the next time it opens, once", async ({ page, context }) => {
  const snap = await boardWithACard(page, "Clara Closed");
  await openBoard(page, snap.id);
  await context.setOffline(true);
  await writeNote(page, "Before the battery died");
  // Waiting means its first attempt failed: it was written to the device before that.
  await expect(waiting(page, 1)).toBeVisible();
  await page.close();
  await context.setOffline(false);

  // Two tabs open at once, the dashboard and the board: one of them sends what the closed tab left, and only once.
  const sent: string[] = [];
  context.on("response", (response) => {
    if (response.url().endsWith(`/api/snaps/${snap.id}/changes`)) sent.push(response.request().headers()["idempotency-key"] ?? "");
  });
  const first = await context.newPage();
  const second = await context.newPage();
  await Promise.all([first.goto("/"), openBoard(second, snap.id)]);
  await expect.poll(() => noteOf(first, snap.id)).toBe("Before the battery died");
  // The open board shows it (its live stream brings the replayed change).
  await expect(cardAt(second, 1, 1)).toHaveAccessibleName(/Before the battery died/);
  expect(sent).toHaveLength(1);
});
