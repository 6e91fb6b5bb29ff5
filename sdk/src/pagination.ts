/**
 * Auto-pagination: every listing is an async iterator over its items, fetching the next page when
 * the loop needs it (`for await (const snap of client.snaps.listWorkspace())`). Offset and cursor
 * pages look the same from outside.
 */

/** One page as the iterator needs it: its items, and how to ask for the next (none: the last page). */
export interface Page<Item, Position> {
  items: Item[];
  next: Position | undefined;
}

/** An async iterator over every item of every page, starting at `first`. */
export async function* paginate<Item, Position>(
  first: Position | undefined,
  fetchPage: (position: Position | undefined) => Promise<Page<Item, Position>>,
): AsyncGenerator<Item, void, undefined> {
  let position = first;
  for (;;) {
    const page = await fetchPage(position);
    yield* page.items;
    if (page.next === undefined || page.items.length === 0) return;
    position = page.next;
  }
}

/** Every item of an async iterator in an array (at most `limit`). */
export async function collect<Item>(items: AsyncIterable<Item>, limit = Number.POSITIVE_INFINITY): Promise<Item[]> {
  const all: Item[] = [];
  if (limit <= 0) return all;
  for await (const item of items) {
    all.push(item);
    if (all.length >= limit) break;
  }
  return all;
}
