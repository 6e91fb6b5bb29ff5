import type { Command } from "../command.js";
import { integerOption, requiredPositional, stringOption } from "../command.js";
import { details, table } from "../output.js";

export const snapCommands: Command[] = [
  {
    path: ["snaps", "ls"],
    summary: "List snaps: your own, or with --workspace every one you can see (paged through automatically).",
    options: { workspace: { type: "boolean" }, search: { type: "string" }, limit: { type: "string" } },
    optionHelp: { workspace: "Every snap of the workspace you can see", search: "Only titles and subtitles containing this", limit: "At most this many" },
    async run(context) {
      const client = await context.client();
      const limit = integerOption(context, "limit") ?? Number.POSITIVE_INFINITY;
      const snaps: { id: string; title: string; updatedAt: string }[] = [];
      if (context.values.workspace || stringOption(context, "search")) {
        for await (const snap of client.snaps.listWorkspace({ search: stringOption(context, "search") })) {
          snaps.push(snap);
          if (snaps.length >= limit) break;
        }
      } else snaps.push(...(await client.snaps.list()).slice(0, limit));
      context.out(
        context.json
          ? JSON.stringify(snaps, null, 2) + "\n"
          : table(snaps, [
              ["id", (snap) => snap.id],
              ["title", (snap) => snap.title],
              ["updated", (snap) => snap.updatedAt],
            ]),
      );
    },
  },
  {
    path: ["snaps", "get"],
    args: "<id>",
    summary: "Show a snap and its cards.",
    async run(context) {
      const snap = await (await context.client()).snaps.get(requiredPositional(context, 0, "the snap id"));
      if (context.json) return context.out(JSON.stringify(snap, null, 2) + "\n");
      const { cards, lines, ...fields } = snap;
      context.out(details({ ...fields, lines: lines.length }));
      context.out(
        `\n${table(cards, [
          ["id", (card) => card.id],
          ["row", (card) => card.row + 1],
          ["col", (card) => card.col + 1],
          ["type", (card) => card.cellType],
          ["title", (card) => card.title],
        ])}`,
      );
    },
  },
  {
    path: ["snaps", "create"],
    summary: "Create a snap.",
    options: { title: { type: "string" }, rows: { type: "string" }, cols: { type: "string" } },
    optionHelp: { title: "Its title", rows: "Rows of empty cards (default 1)", cols: "Columns of empty cards (default 1)" },
    async run(context) {
      const snap = await (
        await context.client()
      ).snaps.create({ title: stringOption(context, "title"), rows: integerOption(context, "rows"), cols: integerOption(context, "cols") });
      context.out(context.json ? JSON.stringify(snap, null, 2) + "\n" : `${snap.id}\n`);
    },
  },
  {
    path: ["snaps", "rm"],
    args: "<id>",
    summary: "Delete a snap.",
    async run(context) {
      const id = requiredPositional(context, 0, "the snap id");
      await (await context.client()).snaps.delete(id);
      context.note(`Deleted ${id}\n`);
    },
  },
];
