import { z } from "zod";
import { snapResponseSchema, snapSchema } from "@/lib/snaps/snap-schemas";
import { createSnapFromTemplate } from "@/lib/templates/create-snap-from-template";
import { listTemplates } from "@/lib/templates/list-templates";
import { snapFromTemplateSchema } from "@/lib/templates/snap-from-template-schemas";
import { templatesResponseSchema } from "@/lib/templates/template-schemas";
import { duplicateSnap } from "@/lib/transfer/duplicate-snap";
import { exportFile } from "@/lib/transfer/export-file";
import { exportSnap } from "@/lib/transfer/export-snap";
import { importSnap } from "@/lib/transfer/import-snap";
import { parseSnapDocument } from "@/lib/transfer/parse-snap-document";
import { summarizeSnapDocument } from "@/lib/transfer/summarize-snap-document";
import { exportArgsSchema, importSummarySchema, snapDocumentSchema } from "@/lib/transfer/transfer-schemas";
import { TRANSFER_OPERATIONS } from "@/lib/operations/transfer-operations";
import type { McpTool } from "./mcp-tools";
import { operationArguments } from "./operation-arguments";

function tool<I extends z.ZodType>(definition: McpTool<I>): McpTool {
  return definition as unknown as McpTool;
}

const exportResultSchema = z.object({
  filename: z.string(),
  mediaType: z.string(),
  document: snapDocumentSchema.optional().describe("format json: the export document."),
  text: z.string().optional().describe("format csv or svg: the file's text."),
});

/** Export, import, duplicate and templates: the same lib functions as their REST routes. */
export const TRANSFER_TOOLS: readonly McpTool[] = [
  tool({
    name: "export_snap",
    title: "Export a snap",
    description:
      "A snap you can read as its export document (json, for import_snap), its cards as CSV, or the board as an SVG picture. Same as GET /api/snaps/{id}/export.",
    input: exportArgsSchema,
    output: exportResultSchema,
    annotations: { readOnlyHint: true },
    run: async (principal, { id, format }) => {
      const { document } = await exportSnap(principal, id);
      const file = await exportFile(document, format);
      const mediaType = file.contentType.split(";")[0]!;
      return format === "json" ? { filename: file.filename, mediaType, document } : { filename: file.filename, mediaType, text: String(file.body) };
    },
  }),
  tool({
    name: "import_snap",
    title: "Import a snap",
    description:
      "An export document as a new private snap of yours, all or nothing; with dryRun true, only checks it and answers a summary. Problems are named by JSON path (cards[3].row). Same as POST /api/snaps/import.",
    input: z.strictObject({ document: snapDocumentSchema, dryRun: z.boolean().default(false).describe("Check only; write nothing.") }),
    output: z.object({
      snap: snapSchema.optional().describe("The new snap (not with dryRun)."),
      valid: z.literal(true).optional().describe("dryRun: the document would import."),
      summary: importSummarySchema.optional().describe("dryRun: what it would make."),
    }),
    annotations: {},
    run: async (principal, { document, dryRun }) => {
      const checked = parseSnapDocument(document);
      if (dryRun) return { valid: true, summary: summarizeSnapDocument(checked) };
      return { snap: await importSnap(principal, checked) };
    },
  }),
  tool({
    name: "duplicate_snap",
    title: "Duplicate a snap",
    description:
      'A private copy of a snap you can read, with its cards and lines, in your workspace (title default "Copy of …"). Same as POST /api/snaps/{id}/duplicate.',
    input: operationArguments(TRANSFER_OPERATIONS.duplicateSnap),
    output: TRANSFER_OPERATIONS.duplicateSnap.success.schema,
    annotations: {},
    run: async (principal, { id, ...input }) => ({ snap: await duplicateSnap(principal, id, input) }),
  }),
  tool({
    name: "list_templates",
    title: "List templates",
    description: "The built-in templates and your workspace's; start a snap from one with create_snap_from_template. Same as GET /api/templates.",
    input: z.strictObject({}),
    output: templatesResponseSchema,
    annotations: { readOnlyHint: true },
    run: async (principal) => ({ templates: await listTemplates(principal) }),
  }),
  tool({
    name: "create_snap_from_template",
    title: "Create a snap from a template",
    description: "A new snap with a template's board; the fields you pass replace the template's. Same as POST /api/snaps with templateId.",
    input: snapFromTemplateSchema,
    output: snapResponseSchema,
    annotations: {},
    run: async (principal, input) => ({ snap: await createSnapFromTemplate(principal, input) }),
  }),
];
