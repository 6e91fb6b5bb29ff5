import { readFile, writeFile } from "node:fs/promises";
import type { SnapDocumentImport } from "../../generated/types.gen.js";
import type { Command } from "../command.js";
import { requiredPositional, stringOption, UsageError } from "../command.js";
import { importFormatOf } from "../../resources/import-format.js";

const FORMATS = new Set(["json", "zip", "xlsx", "csv", "svg", "png"]);

export const transferCommands: Command[] = [
  {
    path: ["export"],
    args: "<snap-id>",
    summary: "Export a snap as JSON (the import format), a .snap.zip with its files, an .xlsx workbook, CSV, SVG or PNG: to a file with -o, else to stdout.",
    options: { output: { type: "string", short: "o" }, format: { type: "string" } },
    optionHelp: { output: "The file to write (its extension picks the format unless --format)", format: "json, zip, xlsx, csv, svg or png" },
    async run(context) {
      const id = requiredPositional(context, 0, "the snap id");
      const output = stringOption(context, "output");
      const format = stringOption(context, "format") ?? output?.match(/\.(json|zip|xlsx|csv|svg|png)$/i)?.[1]?.toLowerCase() ?? "json";
      if (!FORMATS.has(format)) throw new UsageError(`--format must be json, zip, xlsx, csv, svg or png, not "${format}"`);
      if ((format === "zip" || format === "xlsx") && !output)
        throw new UsageError(`A .${format === "zip" ? "snap.zip" : "xlsx"} is written to a file: add -o board.${format === "zip" ? "snap.zip" : "xlsx"}`);
      const client = await context.client();
      context.note(`Exporting ${id} as ${format}…\n`);
      const bytes =
        format === "json"
          ? new TextEncoder().encode(`${JSON.stringify(await client.snaps.export(id), null, 2)}\n`)
          : format === "xlsx"
            ? new Uint8Array(await (await client.snaps.exportXlsx(id)).arrayBuffer())
            : new Uint8Array(await (await client.snaps.exportFile(id, format as "zip" | "csv" | "svg" | "png")).arrayBuffer());
      if (output) {
        await writeFile(output, bytes);
        context.note(`Wrote ${output} (${bytes.byteLength.toLocaleString("en")} bytes)\n`);
      } else context.out(new TextDecoder().decode(bytes));
    },
  },
  {
    path: ["import"],
    args: "<file>",
    summary:
      "Create a snap from a file, its format from its name: an exported JSON document (- reads stdin), a .snap.zip with its files, a Trello board export (.json), an .xlsx workbook, a .csv or .tsv; --dry-run only checks it.",
    options: { "dry-run": { type: "boolean" }, sheet: { type: "string" }, title: { type: "string" }, archived: { type: "boolean" } },
    optionHelp: {
      "dry-run": "Check the file; create nothing",
      sheet: "An .xlsx's sheet: its name or 1-based index (default the first)",
      title: "The new snap's title (.csv, .tsv, .xlsx)",
      archived: "A Trello export: bring archived lists and cards too",
    },
    async run(context) {
      const file = requiredPositional(context, 0, "the file");
      const dryRun = Boolean(context.values["dry-run"]);
      const foreign = file === "-" ? null : importFormatOf(file);
      if (foreign === "csv" || foreign === "tsv" || foreign === "xlsx") {
        const bytes = new Uint8Array(await readFile(file));
        const client = await context.client();
        context.note(`Importing ${file} as ${foreign} (${bytes.byteLength.toLocaleString("en")} bytes)…\n`);
        const result = await client.snaps.importFile(foreign, bytes, {
          dryRun,
          sheet: stringOption(context, "sheet"),
          title: stringOption(context, "title") ?? file.replace(/^.*[\\/]/, "").replace(/\.[^.]+$/, ""),
        });
        if (context.json) return context.out(JSON.stringify(result, null, 2) + "\n");
        return context.out("id" in result ? `${result.id}\n` : `The file is valid: ${result.summary.cards} cards; nothing was created.\n`);
      }
      if (/\.zip$/i.test(file)) {
        const archive = new Uint8Array(await readFile(file));
        const client = await context.client();
        context.note(`Importing ${file} (${archive.byteLength.toLocaleString("en")} bytes)…\n`);
        const result = await client.snaps.importArchive(archive, { dryRun: Boolean(context.values["dry-run"]) });
        if (context.json) return context.out(JSON.stringify(result, null, 2) + "\n");
        return context.out("id" in result ? `${result.id}\n` : "The archive is valid; nothing was created.\n");
      }
      const text = file === "-" ? await context.readStdin() : await readFile(file, "utf8");
      if (importFormatOf(file === "-" ? "stdin.json" : file, text) === "trello") {
        const client = await context.client();
        context.note(`Importing ${file} as a Trello board (${text.length.toLocaleString("en")} bytes)…\n`);
        const result = await client.snaps.importFile("trello", text, { dryRun, archived: Boolean(context.values.archived) });
        if (context.json) return context.out(JSON.stringify(result, null, 2) + "\n");
        return context.out("id" in result ? `${result.id}\n` : `The Trello export is valid: ${result.summary.cards} cards; nothing was created.\n`);
      }
      let document: SnapDocumentImport;
      try {
        document = JSON.parse(text) as SnapDocumentImport;
      } catch {
        throw new UsageError(`${file} is not JSON: export a snap with \`snapboard export ID -o board.snap.json\``);
      }
      const client = await context.client();
      context.note(`Importing ${file} (${text.length.toLocaleString("en")} bytes)…\n`);
      if (context.values["dry-run"]) {
        const result = await client.snaps.import(document, { dryRun: true });
        return context.out(context.json ? JSON.stringify(result, null, 2) + "\n" : "The document is valid; nothing was created.\n");
      }
      const snap = await client.snaps.import(document);
      context.out(context.json ? JSON.stringify(snap, null, 2) + "\n" : `${snap.id}\n`);
    },
  },
];
