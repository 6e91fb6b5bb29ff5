import { expect, test, type Page } from "@playwright/test";
import { addWorkspaceMember, api, cardAt, createSnap, expectSaved, openBoard, signUp } from "./board-helpers";

/**
 * The gestures beyond typing in a card (docs/SAVING.md): a range pasted while the server says 503 goes
 * through the same queue and lands once; a comment whose send fails keeps its text; two tabs of one
 * board do not both send a change queued offline.
 */

test.describe.configure({ timeout: 120_000 });
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const waiting = (page: Page, count: number) => page.getByText(count === 1 ? "1 change waiting" : `${count} changes waiting`, { exact: true });
const inspectorOf = (page: Page) => page.getByRole("complementary", { name: "Inspector" });

interface ServerCard {
  id: string;
  title: string;
  note: string;
  row: number;
  col: number;
}
async function cardsOf(page: Page, snapId: string): Promise<ServerCard[]> {
  const { body } = await api(page, "GET", `/api/snaps/${snapId}`);
  return body.snap.cards as ServerCard[];
}

test("a range pasted while the server answers 503 waits, is sent again with the same key, and lands once", async ({ page }) => {
  await signUp(page, "Petra Paste");
  const snap = await createSnap(page, { title: "Paste day", rows: 3, cols: 3 });
  await openBoard(page, snap.id);
  const keys: string[] = [];
  let unavailable = 0;
  await page.route("**/api/snaps/*/changes", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (unavailable < 2) {
      unavailable += 1;
      return route.fulfill({ status: 503, headers: { "Retry-After": "1" }, json: { error: { code: "UNAVAILABLE", message: "Draining" } } });
    }
    return route.continue();
  });

  await page.evaluate(() => navigator.clipboard.writeText("Name\tOwner\nShip\tAda\n"));
  await cardAt(page, 1, 1).click();
  await page.keyboard.press("ControlOrMeta+v");
  await expect(cardAt(page, 2, 2)).toHaveAccessibleName("Row 2, column 2: Ada");
  await expect(waiting(page, 1)).toBeVisible();
  await expectSaved(page);
  // Nothing was undone on the way.
  await expect(page.getByText(/Couldn't save/)).toHaveCount(0);
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName("Row 1, column 2: Owner");

  // Three attempts of one change, one key: the paste is applied once, each cell holding one card.
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
  const cards = await cardsOf(page, snap.id);
  const titled = cards.filter((card) => card.title).map((card) => `${card.row},${card.col}:${card.title}`);
  expect(titled.sort()).toEqual(["0,0:Name", "0,1:Owner", "1,0:Ship", "1,1:Ada"]);
  expect(new Set(cards.map((card) => `${card.row},${card.col}`)).size).toBe(cards.length);
});

test("a comment whose send fails keeps its text and the reason; sent again, it is posted once", async ({ page, context }) => {
  await signUp(page, "Connie Comment");
  const snap = await createSnap(page, { title: "Discussion", rows: 2, cols: 2 });
  await openBoard(page, snap.id);
  await page.getByRole("button", { name: "Comments" }).click();
  const panel = page.getByRole("complementary", { name: "Comments" });
  const composer = panel.getByRole("combobox", { name: "Comment on the board" });
  const text = "Can we move the launch to May?";

  // No network: the text stays, with why.
  await context.setOffline(true);
  await composer.fill(text);
  await panel.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(panel.getByRole("alert")).toContainText("Could not reach the server");
  await expect(composer).toHaveValue(text);
  await expect(composer).toHaveAttribute("aria-invalid", "true");

  // A server draining for a deploy: the same.
  await context.setOffline(false);
  let refused = 0;
  await page.route("**/api/snaps/*/comments", async (route) => {
    if (route.request().method() !== "POST" || refused > 0) return route.continue();
    refused += 1;
    return route.fulfill({ status: 503, headers: { "Retry-After": "1" }, json: { error: { code: "UNAVAILABLE", message: "The server is restarting." } } });
  });
  await panel.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(panel.getByRole("alert")).toContainText("The server is restarting.");
  await expect(composer).toHaveValue(text);
  await page.screenshot({ path: "tests/artifacts/saving-comment-kept.png" });

  // Sent again by the person: posted, the composer empties, one comment on the server.
  await panel.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(panel.getByRole("article", { name: "Thread by Connie Comment" })).toContainText(text);
  await expect(composer).toHaveValue("");
  await expect(panel.getByRole("alert")).toHaveCount(0);
  const { body } = await api(page, "GET", `/api/snaps/${snap.id}/comments`);
  expect((body.comments as { body: string }[]).map((comment) => comment.body)).toEqual([text]);
});

test("two tabs of one board: a change queued offline in one is sent once when the network is back", async ({ page, context }) => {
  await signUp(page, "Tess Tabs");
  const snap = await createSnap(page, { title: "Two tabs", rows: 2, cols: 2 });
  const second = await context.newPage();
  await Promise.all([openBoard(page, snap.id), openBoard(second, snap.id)]);
  const sent: { key: string; status: number }[] = [];
  context.on("response", (response) => {
    if (response.url().endsWith(`/api/snaps/${snap.id}/changes`))
      sent.push({ key: response.request().headers()["idempotency-key"] ?? "", status: response.status() });
  });

  await context.setOffline(true);
  await cardAt(page, 1, 1).click();
  await inspectorOf(page).getByLabel("Note", { exact: true }).fill("Queued in the first tab");
  await expect(waiting(page, 1)).toBeVisible();
  // The other tab has nothing of its own waiting; the change is on the device for both to see.
  await expect(second.getByText(/changes? waiting/)).toHaveCount(0);

  await context.setOffline(false);
  await expectSaved(page);
  // The other tab shows it through its live stream: by then its replayer has met the change too (on `online`).
  await expect(cardAt(second, 1, 1)).toHaveAccessibleName(/Queued in the first tab/);
  // The second tab opened again replays what it finds on the device: nothing is left to send.
  await openBoard(second, snap.id);
  await expect(cardAt(second, 1, 1)).toHaveAccessibleName(/Queued in the first tab/);
  expect(sent.filter((answer) => answer.status === 200)).toHaveLength(1);
  expect(new Set(sent.map((answer) => answer.key)).size).toBe(1);
  expect((await cardsOf(page, snap.id)).find((card) => card.row === 0 && card.col === 0)?.note).toBe("Queued in the first tab");
});

test("a change queued offline for a card someone else deleted meanwhile does not bring the card back, and is said", async ({ page, context, browser }) => {
  await signUp(page, "Olive Offline");
  const snap = await createSnap(page, { title: "Shared plan", rows: 2, cols: 2 });
  const carolContext = await browser.newContext();
  const carol = await carolContext.newPage();
  await addWorkspaceMember(page, carol, await signUp(carol, "Carol Cleaner"));
  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: true, shareMode: "edit" })).status).toBe(200);
  const target = snap.cards.find((card) => card.row === 0 && card.col === 0)!;
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates: [{ id: target.id, title: "Budget" }] })).status).toBe(200);
  await openBoard(page, snap.id);

  await context.setOffline(true);
  await cardAt(page, 1, 1).click();
  await inspectorOf(page).getByLabel("Note", { exact: true }).fill("Checked on the train");
  await expect(waiting(page, 1)).toBeVisible();
  expect((await api(carol, "DELETE", `/api/snaps/cards/${target.id}`)).status).toBe(200);

  await context.setOffline(false);
  // The board says what became of the edit (a notice of a few seconds), and does not keep a card the server no longer has.
  const said = page.getByRole("status").filter({ hasText: /Couldn't save.*undone|deleted/ });
  await Promise.all([
    expect(said)
      .toBeVisible()
      .then(() => page.screenshot({ path: "tests/artifacts/saving-deleted-meanwhile.png" })),
    expect(page.getByRole("gridcell", { name: /Budget/ })).toHaveCount(0),
  ]);
  expect((await cardsOf(page, snap.id)).some((card) => card.id === target.id)).toBe(false);
  await page.reload();
  await page.locator("[data-board-root][data-ready]").waitFor();
  await expect(page.getByRole("gridcell", { name: /Budget/ })).toHaveCount(0);
  await carolContext.close();
});
