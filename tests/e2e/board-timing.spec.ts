import { expect, test } from "@playwright/test";
import { api, createSnap, signUp } from "./board-helpers";

/**
 * How quickly a 20 x 20 board (400 cards) takes input, printed for the notes; not a pass/fail
 * timer (CODE_STYLE: no timing assertions). The figure is the browser's own clock from navigation
 * start to the board's "board-interactive" mark, set once React has hydrated it.
 */
// Tracing snapshots the DOM as the page loads, which would be measured too.
test.use({ trace: "off" });

test("a 20 x 20 board becomes interactive (timing printed)", async ({ page }) => {
  await signUp(page, "Tim Timer");
  const snap = await createSnap(page, { title: "Big board", rows: 20, cols: 20 });
  expect(snap.cards).toHaveLength(400);
  const types = ["normal", "todo", "status", "normal", "link"];
  for (let start = 0; start < 400; start += 100) {
    const updates = snap.cards.slice(start, start + 100).map((card, index) => ({
      id: card.id,
      title: types[index % types.length] === "link" ? "https://example.com/a/long/path" : `Card ${card.row + 1}.${card.col + 1}`,
      cellType: types[index % types.length],
      color: index % 3 === 0 ? "#dbeafe" : "",
    }));
    expect((await api(page, "PATCH", "/api/snaps/cards/batch", { updates })).status).toBe(200);
  }

  // The first load also pays for the server loading the route's code: printed, but kept apart.
  const runs: { mark: number; wall: number }[] = [];
  for (let run = 0; run < 4; run += 1) {
    const started = Date.now();
    await page.goto(`/snaps/${snap.id}`);
    await page.locator("[data-board-root][data-ready]").waitFor();
    const first = page.getByRole("gridcell").first();
    await first.click();
    await expect(first).toHaveAttribute("aria-selected", "true");
    const wall = Date.now() - started;
    const mark = await page.evaluate(() => performance.getEntriesByName("board-interactive")[0]?.startTime ?? NaN);
    runs.push({ mark: Math.round(mark), wall });
  }
  const [cold, ...warm] = runs;
  const median = [...warm].sort((a, b) => a.mark - b.mark)[Math.floor(warm.length / 2)]!;
  console.log(
    `[board timing] 20 x 20 board (400 cards), from navigation start to the board taking input:\n` +
      `  first load ${cold!.mark} ms; then ${warm.map((run) => `${run.mark} ms`).join(", ")} (median ${median.mark} ms)\n` +
      `  goto to first card selected: ${runs.map((run) => `${run.wall} ms`).join(", ")}`,
  );
  // Windowed: the DOM holds what is on screen, the grid still tells assistive tech its full size.
  const grid = page.getByRole("grid");
  await expect(grid).toHaveAttribute("aria-rowcount", "20");
  await expect(grid).toHaveAttribute("aria-colcount", "20");
});
