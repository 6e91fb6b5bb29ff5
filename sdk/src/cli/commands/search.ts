import type { Command } from "../command.js";
import { integerOption, requiredPositional, stringOption } from "../command.js";
import { table } from "../output.js";

export const searchCommands: Command[] = [
  {
    path: ["search"],
    args: "<query>",
    summary: "Search the snaps, cards and comments you can read.",
    options: { snap: { type: "string" }, types: { type: "string" }, limit: { type: "string" } },
    optionHelp: {
      snap: "Only in this snap",
      types: "Only these kinds, comma-separated (snap, card, comment)",
      limit: "At most this many results (default 20)",
    },
    async run(context) {
      const client = await context.client();
      const limit = integerOption(context, "limit") ?? 20;
      const results = [];
      for await (const result of client.search.query(requiredPositional(context, 0, "the query"), {
        snapId: stringOption(context, "snap"),
        types: stringOption(context, "types")?.split(","),
      })) {
        results.push(result);
        if (results.length >= limit) break;
      }
      if (context.json) return context.out(JSON.stringify(results, null, 2) + "\n");
      context.out(
        table(results, [
          ["type", (result) => result.type],
          ["snap", (result) => result.snap.title],
          ["where", (result) => (result.card ? `R${result.card.row + 1}C${result.card.col + 1}` : "")],
          ["match", (result) => result.snippet],
        ]),
      );
    },
  },
];
