/**
 * The boards the browser benches measure (bench/board-bench-session.ts, bench/board-trace.ts): made through the
 * API as a person's editor would make them.
 */
import type { Page } from "@playwright/test";

export async function api(page: Page, method: string, path: string, data?: unknown) {
  const response = await page.request.fetch(path, { method, data, headers: { Origin: new URL(page.url()).origin } });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** A board of rows x cols with text in every card (a few types) and 30 lines, public for its share page. */
export async function seedBoard(page: Page, rows: number, cols: number) {
  const { snap } = await api(page, "POST", "/api/snaps", { title: `Bench ${rows} x ${cols}`, rows, cols });
  const cards = snap.cards as { id: string; row: number; col: number }[];
  const types = ["normal", "todo", "status", "normal", "link"];
  for (let start = 0; start < cards.length; start += 100) {
    const updates = cards.slice(start, start + 100).map((card, index) => ({
      id: card.id,
      title: types[index % types.length] === "link" ? "https://example.com/a/long/path" : `Card ${card.row + 1}.${card.col + 1} with some text`,
      cellType: types[index % types.length],
      color: index % 3 === 0 ? "#dbeafe" : "",
    }));
    await api(page, "PATCH", "/api/snaps/cards/batch", { updates });
  }
  const at = (row: number, col: number) => cards.find((card) => card.row === row && card.col === col)!.id;
  for (let index = 0; index < 30; index += 1) {
    const row = (index * 7) % rows;
    const col = (index * 3) % (cols - 1);
    await api(page, "POST", `/api/snaps/${snap.id}/lines`, { fromCardId: at(row, col), toCardId: at(row, col + 1) });
  }
  const shared = await api(page, "PATCH", `/api/snaps/${snap.id}`, { isPublic: true });
  return { id: snap.id as string, token: shared.snap.shareToken as string };
}
