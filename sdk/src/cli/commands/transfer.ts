import { readFile, writeFile } from "node:fs/promises";
import type { SnapDocumentImport } from "../../generated/types.gen.js";
import type { Command } from "../command.js";
import { requiredPositional, stringOption, UsageError } from "../command.js";

const FORMATS = new Set(["json", "zip", "csv", "svg", "png"]);

export const transferCommands: Command[] = [
  {
    path: ["export"],
    args: "<snap-id>",
    summary: "Export a snap as JSON (the import format), a .snap.zip with its files, CSV, SVG or PNG: to a file with -o, else to stdout.",
    options: { output: { type: "string", short: "o" }, format: { type: "string" } },
    optionHelp: { output: "The file to write (its extension picks the format unless --format)", format: "json, zip, csv, svg or png" },
    async run(context) {
      const id = requiredPositional(context, 0, "the snap id");
      const output = stringOption(context, "output");
      const format = stringOption(context, "format") ?? output?.match(/\.(json|zip|csv|svg|png)$/i)?.[1]?.toLowerCase() ?? "json";
      if (!FORMATS.has(format)) throw new UsageError(`--format must be json, zip, csv, svg or png, not "${format}"`);
      if (format === "zip" && !output) throw new UsageError("A .snap.zip is written to a file: add -o board.snap.zip");
      const client = await context.client();
      context.note(`Exporting ${id} as ${format}…\n`);
      const bytes =
        format === "json"
          ? new TextEncoder().encode(`${JSON.stringify(await client.snaps.export(id), null, 2)}\n`)
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
    summary: "Create a snap from an exported JSON document (- reads stdin) or a .snap.zip with its files; --dry-run only checks it.",
    options: { "dry-run": { type: "boolean" } },
    optionHelp: { "dry-run": "Check the document; create nothing" },
    async run(context) {
      const file = requiredPositional(context, 0, "the file");
      if (/\.zip$/i.test(file)) {
        const archive = new Uint8Array(await readFile(file));
        const client = await context.client();
        context.note(`Importing ${file} (${archive.byteLength.toLocaleString("en")} bytes)…\n`);
        const result = await client.snaps.importArchive(archive, { dryRun: Boolean(context.values["dry-run"]) });
        if (context.json) return context.out(JSON.stringify(result, null, 2) + "\n");
        return context.out("id" in result ? `${result.id}\n` : "The archive is valid; nothing was created.\n");
      }
      const text = file === "-" ? await context.readStdin() : await readFile(file, "utf8");
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
