import { expect, test, type Page } from "@playwright/test";
import { addWorkspaceMember, api, cardAt, createSnap, expectSaved, openBoard, signUp } from "./board-helpers";

// Two accounts (bcrypt), two browser contexts, a board offline and back on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });
// Requests a service worker makes are out of page.route's reach; this test holds the live stream back with it.
test.use({ serviceWorkers: "block" });

const inspectorOf = (page: Page) => page.getByRole("complementary", { name: "Inspector" });

async function writeNote(page: Page, row: number, col: number, title: string, note: string) {
  await cardAt(page, row, col).click();
  // The inspector shows that card before its note is typed.
  await expect(inspectorOf(page).getByRole("textbox", { name: "Text" })).toHaveValue(title);
  await inspectorOf(page).getByLabel("Note", { exact: true }).fill(note);
}

type Card = { id: string; title: string; note: string };

test("edits made offline over someone else's: later write wins, the person is named, a card they deleted stays deleted", async ({ page, browser }) => {
  await signUp(page, "Olive Owner");
  const snap = await createSnap(page, { title: "Offsite", rows: 1, cols: 3 });
  const [agenda, budget, venue] = snap.cards as { id: string }[];
  const titles = { [agenda!.id]: "Agenda", [budget!.id]: "Budget", [venue!.id]: "Venue" };
  const updates = Object.entries(titles).map(([id, title]) => ({ id, title }));
  expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates })).status).toBe(200);

  const carolContext = await browser.newContext();
  const carol = await carolContext.newPage();
  await addWorkspaceMember(page, carol, await signUp(carol, "Carol Chen"));
  expect((await api(page, "PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: true, shareMode: "edit" })).status).toBe(200);

  // Olive's live stream stays away until her queue is answered, so what she hears of Carol is the answer's.
  // Held back from the start: a stream already open can outlive the browser's offline emulation.
  await page.route("**/api/snaps/*/events**", (route) => route.abort());
  await openBoard(page, snap.id);
  await expect(page.getByRole("status", { name: /^Reconnecting/ })).toBeVisible();
  await page.context().setOffline(true);
  await writeNote(page, 1, 1, "Agenda", "Olive: book the room");
  await writeNote(page, 1, 2, "Budget", "Olive: 2,000");
  await writeNote(page, 1, 3, "Venue", "Olive: the lake house");
  await expect(page.getByText("3 changes waiting", { exact: true })).toBeVisible();

  // Meanwhile Carol, online, writes two of those notes and deletes the third card.
  const carolsNotes = [
    { id: agenda!.id, note: "Carol: agenda sent" },
    { id: budget!.id, note: "Carol: 1,500" },
  ];
  expect((await api(carol, "PATCH", "/api/snaps/cards/batch", { updates: carolsNotes })).status).toBe(200);
  expect((await api(carol, "DELETE", `/api/snaps/cards/${venue!.id}`)).status).toBe(200);

  await page.context().setOffline(false);
  await expect(
    page.getByRole("status").filter({
      hasText:
        "Carol Chen changed 2 of the cards you edited while your edits were waiting to be saved. Yours were saved later and replaced theirs, which stay in the history. “Venue” was deleted by Carol Chen meanwhile; your edit of it was not saved.",
    }),
  ).toBeVisible();
  await expectSaved(page);
  await page.screenshot({ path: "tests/artifacts/merge-on-return-notice.png" });
  // Not brought back, on the board or on the server; Olive's later notes won.
  await expect(page.getByRole("gridcell", { name: /Venue/ })).toHaveCount(0);
  await expect(cardAt(page, 1, 1)).toHaveAccessibleName(/Agenda\. Note: Olive: book the room/);
  // The stream comes back and catches up on Carol's writes: the board keeps what was saved last.
  await page.unroute("**/api/snaps/*/events**");
  await expect(page.getByRole("status", { name: /^Live/ })).toBeVisible({ timeout: 30_000 });
  await expect(cardAt(page, 1, 2)).toHaveAccessibleName(/Budget\. Note: Olive: 2,000/);
  const cards = (await api(page, "GET", `/api/snaps/${snap.id}`)).body.snap.cards as Card[];
  expect(cards.map((card) => [card.title, card.note])).toEqual([
    ["Agenda", "Olive: book the room"],
    ["Budget", "Olive: 2,000"],
  ]);

  // Carol's values stay in the history: the version her write made still has them.
  const { body: history } = await api(page, "GET", `/api/snaps/${snap.id}/history?limit=100`);
  const carols = (history.entries as { version: number; actor: { name: string } | null; summary: string }[]).filter(
    (entry) => entry.actor?.name === "Carol Chen",
  );
  expect(carols).toHaveLength(2);
  const { body: then } = await api(page, "GET", `/api/snaps/${snap.id}/versions/${Math.min(...carols.map((entry) => entry.version))}`);
  expect((then.snap.cards as Card[]).find((card) => card.id === agenda!.id)?.note).toBe("Carol: agenda sent");
  await carolContext.close();
});
