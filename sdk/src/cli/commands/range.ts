import type { Command, RunContext } from "../command.js";
import { requiredPositional, stringOption, UsageError } from "../command.js";
import { parseCell, parseSize, type Cell } from "../cells.js";
import { formatCsv, parseCsv } from "../csv.js";

function topLeft(context: RunContext): Cell {
  const at = stringOption(context, "at") ?? "R1C1";
  const cell = parseCell(at);
  if (!cell) throw new UsageError(`--at must be a cell such as R1C1 or A1, not "${at}"`);
  return cell;
}

export const rangeCommands: Command[] = [
  {
    path: ["range", "read"],
    args: "<snap-id>",
    summary: "Print a block of the board as CSV: each card's title in its top-left cell, empty elsewhere.",
    options: { at: { type: "string" }, size: { type: "string" } },
    optionHelp: { at: "The block's top-left cell, R1C1 or A1 (default R1C1)", size: "ROWSxCOLS, e.g. 10x5 (at most 10,000 cells)" },
    async run(context) {
      const snapId = requiredPositional(context, 0, "the snap id");
      const size = parseSize(stringOption(context, "size") ?? "");
      if (!size) throw new UsageError("--size is required: ROWSxCOLS, e.g. 10x5");
      const values = await (await context.client()).range.read(snapId, { ...topLeft(context), ...size });
      context.out(context.json ? JSON.stringify({ values }, null, 2) + "\n" : formatCsv(values));
    },
  },
  {
    path: ["range", "write"],
    args: "<snap-id> [file]",
    summary: "Write CSV (from the file, else stdin) onto the board as one change: a title into each cell; an empty field leaves its cell alone.",
    options: { at: { type: "string" } },
    optionHelp: { at: "Where the CSV's first cell goes, R1C1 or A1 (default R1C1)" },
    async run(context) {
      const snapId = requiredPositional(context, 0, "the snap id");
      const file = context.positionals[1];
      const text = file && file !== "-" ? await import("node:fs/promises").then((fs) => fs.readFile(file, "utf8")) : await context.readStdin();
      // An empty field is "leave alone", so that what `range read` printed for empty and covered
      // cells writes back as nothing.
      const values = parseCsv(text).map((row) => row.map((value) => (value === "" ? null : value)));
      if (values.length === 0) throw new UsageError("The CSV is empty");
      const cells = values.reduce((sum, row) => sum + row.length, 0);
      context.note(`Writing ${cells.toLocaleString("en")} cells…\n`);
      const result = await (await context.client()).range.write(snapId, topLeft(context), values);
      if (context.json) return context.out(JSON.stringify(result, null, 2) + "\n");
      context.out(`Version ${result.version}: ${result.created.length} card(s) created, ${result.updated.length} updated\n`);
    },
  },
];
