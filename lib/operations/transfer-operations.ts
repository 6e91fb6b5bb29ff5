import { z } from "zod";
import { snapResponseSchema } from "@/lib/snaps/snap-schemas";
import { MAX_PNG_PIXELS } from "@/lib/transfer/png-limits";
import { MAX_TEMPLATE_DOCUMENT_BYTES, MAX_WORKSPACE_TEMPLATES } from "@/lib/templates/template-limits";
import { templateCreateSchema, templateResponseSchema, templatesResponseSchema } from "@/lib/templates/template-schemas";
import {
  duplicateSnapSchema,
  exportQuerySchema,
  importDryRunResponseSchema,
  importQuerySchema,
  exportArgsSchema,
  exportToolResultSchema,
  importOrCheckResultSchema,
  importToolArgsSchema,
  MAX_IMPORT_BYTES,
  snapDocumentSchema,
} from "@/lib/transfer/transfer-schemas";
import { parseSnapDocument } from "@/lib/transfer/parse-snap-document";
import { duplicateSnap } from "@/lib/transfer/duplicate-snap";
import { exportSnapAsText } from "@/lib/transfer/export-snap-as-text";
import { ARCHIVE_LIMITS } from "@/lib/transfer/transfer-constants";
import { FORMAT_LIMITS } from "@/lib/transfer/formats/format-limits";
import { csvImportQuerySchema, formatImportDryRunResponseSchema, trelloImportQuerySchema, xlsxImportQuerySchema } from "@/lib/transfer/formats/format-schemas";
import { parseTrelloBoard, trelloBoardSchema } from "@/lib/transfer/formats/trello-schemas";
import { runImportTool } from "@/lib/transfer/formats/run-import-tool";
import { listTemplates } from "@/lib/templates/list-templates";
import { examples } from "@/lib/operations/examples/examples";
import { transferExamples } from "@/lib/operations/examples/transfer-examples";
import { successResponse } from "./success-response";
import { declareOperation } from "./operation";
import { importJobIdParam, snapIdParam, templateIdParam } from "./path-params";
import { importJobResponseSchema } from "@/lib/transfer/import-jobs/import-job-schemas";
import { IMPORT_ASYNC_BYTES } from "@/lib/transfer/import-jobs/import-job-constants";

const JOB_NOTE = ` Run as a job (docs/API.md, "Import jobs") past ${IMPORT_ASYNC_BYTES.toLocaleString("en")} bytes or with \`Prefer: respond-async\`: 202 with {job} and Location: GET /api/import-jobs/{id}.`;
const jobAnswer = {
  status: 202,
  description: "Running as a job: GET its url (Location) for its progress, then the snap (201) or the refusal.",
  schema: importJobResponseSchema,
};
const exampleJob = {
  job: { id: "cl9z8y7x6w5v4u3t2s1r0q9p8", status: "running", progress: { done: 12, total: 340 }, url: "/api/import-jobs/cl9z8y7x6w5v4u3t2s1r0q9p8" },
};

/** Export, import, duplicate and templates (docs/API.md, "Export, import and templates"). */
export const TRANSFER_OPERATIONS = {
  exportSnap: declareOperation({
    method: "get",
    path: "/api/snaps/{id}/export",
    operationId: "exportSnap",
    tag: "Snaps",
    summary: "Export a snap",
    description: `Read access. A download (Content-Disposition: attachment): format=json (default) the export document, \`<slug>.snap.json\`, which POST /api/snaps/import reads back (uploaded files its cards show are listed in \`files\` but not included, as \`filesNote\` says); zip a \`<slug>.snap.zip\` holding that document as \`snap.json\` and each such file's bytes as \`files/<id>\`, streamed, which POST /api/snaps/import/zip reads back; xlsx the board as one sheet named after it, streamed (spans as merged cells, colours as fills, the text's look as fonts and alignment, track sizes, to-dos as ☑ / ☐ before their text, link cards as hyperlinks), which POST /api/snaps/import/xlsx reads back; csv a header row of card fields and one row per card in reading order (RFC 4180, text/csv); csv-grid the board as a table, one row per board row and one field per column holding the title of the card that starts there (\`<slug>.grid.csv\`, text/csv); svg the board drawn as it looks, uploaded images embedded (image/svg+xml); png that picture rendered at scale 1 to 4 (image/png; 400 past ${MAX_PNG_PIXELS.toLocaleString("en")} pixels; one render at a time per user and a few per server, else 429 with Retry-After). Unknown format: 400.`,
    pathParams: snapIdParam,
    query: exportQuerySchema,
    success: {
      status: 200,
      description: "The file, by format.",
      schema: snapDocumentSchema,
      example: transferExamples.document,
      files: {
        "application/zip": "format=zip: the document and the files its cards show.",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "format=xlsx: the board as a workbook of one sheet.",
        "text/csv": "format=csv: the cards, one row each; format=csv-grid: the board as a table.",
        "image/svg+xml": "format=svg: the board as a picture.",
        "image/png": "format=png: the picture at scale.",
      },
    },
    errors: [400, 401, 403, 404, 429, 503],
    access: "key-or-session",
    tools: [
      {
        name: "export_snap",
        title: "Export a snap",
        mode: "read",
        hint: "Here json, csv, csv-grid, svg or png: the document itself, the file's text, or the picture (base64 and an image). A .snap.zip with the files' bytes is HTTP only (format=zip).",
        long: true,
        arguments: exportArgsSchema,
        output: exportToolResultSchema,
        run: exportSnapAsText,
      },
    ],
  }),
  importSnap: declareOperation({
    method: "post",
    path: "/api/snaps/import",
    operationId: "importSnap",
    tag: "Snaps",
    summary: "Import a snap",
    description:
      "An export document (at most 8 MB) as a new private snap of yours with new ids, in one transaction. Every bound of the API applies; a refused document is 400 with the JSON path of each problem (`cards[3].row`) and nothing is written. dryRun=true checks it and answers 200 with a summary, writing nothing. Safe to retry with an Idempotency-Key.",
    query: importQuerySchema,
    requestHeaders: ["Idempotency-Key"],
    body: { schema: snapDocumentSchema, example: transferExamples.document, maxBytes: MAX_IMPORT_BYTES, parse: parseSnapDocument },
    success: { status: 201, description: "The new snap.", schema: snapResponseSchema, example: examples.snapResponse },
    otherResponses: [{ status: 200, description: "dryRun=true: the document is valid; nothing was written.", schema: importDryRunResponseSchema }],
    errors: [400, 401, 409, 413, 415],
    access: "key-or-session",
    tools: [
      {
        name: "import_snap",
        title: "Import a snap",
        mode: "write",
        long: true,
        arguments: importToolArgsSchema,
        output: importOrCheckResultSchema,
        hint: "Also a CSV or TSV text, a Trello board export's JSON or an .xlsx workbook (base64): set format and content.",
        run: (principal, args: z.output<typeof importToolArgsSchema>) => runImportTool(principal, args),
      },
    ],
  }),
  importSnapArchive: declareOperation({
    method: "post",
    path: "/api/snaps/import/zip",
    operationId: "importSnapArchive",
    tag: "Snaps",
    summary: "Import a snap with its files (.snap.zip)",
    description: `A \`.snap.zip\` (GET /api/snaps/{id}/export?format=zip: \`snap.json\` and \`files/<id>\`) as a new private snap of yours with its files, as multipart/form-data (one part named \`file\`) or the raw bytes (application/zip). At most ${ARCHIVE_LIMITS.bytes.toLocaleString("en")} bytes, ${ARCHIVE_LIMITS.entries.toLocaleString("en")} entries, ${ARCHIVE_LIMITS.unpackedBytes.toLocaleString("en")} bytes unpacked, FILE_MAX_BYTES a file (413), no entry expanding over ${ARCHIVE_LIMITS.ratio} times past 1 MB, no other entry names (400). Each file is stored as an upload is (identified from its bytes, images re-encoded) under a new id, counted toward the workspace's quota (413 naming it), and the cards that named the old ids name the new ones. One transaction; a refused archive writes nothing. dryRun=true checks it all but stores nothing (200 with a summary). With an Idempotency-Key it always runs as a job, and a retry (same key and bytes) answers that job.${JOB_NOTE}`,
    query: importQuerySchema,
    requestHeaders: ["Idempotency-Key"],
    body: {
      schema: z.string().describe("The .snap.zip's bytes."),
      example: "(the .snap.zip's bytes)",
      upload: true,
      readByHandler: true,
      maxBytes: ARCHIVE_LIMITS.bytes,
      keyedByHandler: true,
    },
    success: { status: 201, description: "The new snap.", schema: snapResponseSchema, example: examples.snapResponse },
    otherResponses: [
      { ...jobAnswer, example: exampleJob },
      { status: 200, description: "dryRun=true: the archive is valid; nothing was written.", schema: importDryRunResponseSchema },
    ],
    errors: [400, 401, 403, 409, 413],
    access: "key-or-session",
  }),
  importSnapCsv: declareOperation({
    method: "post",
    path: "/api/snaps/import/csv",
    operationId: "importSnapCsv",
    tag: "Snaps",
    summary: "Import a CSV or TSV file",
    description: `A CSV or TSV file (RFC 4180: quoted fields may hold the delimiter, quotes and line breaks; a BOM and CRLF are fine) as a new private snap of yours: a card per non-empty field at its row and column. Raw bytes (text/csv, text/tab-separated-values) or multipart/form-data (one part named \`file\`, whose name gives the title). At most ${FORMAT_LIMITS.csvBytes.toLocaleString("en")} bytes, ${FORMAT_LIMITS.cards.toLocaleString("en")} non-empty fields, ${FORMAT_LIMITS.gridIndex + 1} rows and columns and ${FORMAT_LIMITS.cellText.toLocaleString("en")} characters a field (413 naming the bound and the first field past it); an unclosed quote is 400. dryRun=true answers 200 with the summary, title and first cells, writing nothing. Safe to retry with an Idempotency-Key.${JOB_NOTE}`,
    query: csvImportQuerySchema,
    requestHeaders: ["Idempotency-Key"],
    body: {
      schema: z.string().describe("The CSV or TSV text, UTF-8."),
      example: "Task,Owner\r\nShip,Ada\r\n",
      upload: true,
      readByHandler: true,
      maxBytes: FORMAT_LIMITS.csvBytes,
    },
    success: { status: 201, description: "The new snap.", schema: snapResponseSchema, example: examples.snapResponse },
    otherResponses: [
      { ...jobAnswer, example: exampleJob },
      { status: 200, description: "dryRun=true: the file would import; nothing was written.", schema: formatImportDryRunResponseSchema },
    ],
    errors: [400, 401, 403, 409, 413],
    access: "key-or-session",
  }),
  importSnapTrello: declareOperation({
    method: "post",
    path: "/api/snaps/import/trello",
    operationId: "importSnapTrello",
    tag: "Snaps",
    summary: "Import a Trello board",
    description: `A Trello board export (JSON, as Trello's "Export as JSON" writes it; at most ${FORMAT_LIMITS.trelloBytes.toLocaleString("en")} bytes) as a new private snap of yours named after the board: each open list a column in Trello's order headed by a bold card with the list's name, its open cards one per row below. A card's note holds its description, label names, start and due dates, checklist items as \`[x]\` / \`[ ]\` lines and attachments as name and URL (nothing is downloaded); its first coloured label is its colour. Comments become comments on the card, naming the Trello author and date. archived=true brings archived lists and cards. A body that is not JSON, or not a Trello board export, is 400; more than ${FORMAT_LIMITS.gridIndex + 1} lists or cards in a list, or ${FORMAT_LIMITS.cards.toLocaleString("en")} cards, is 413. dryRun=true answers 200 with the summary, title and first cells. Safe to retry with an Idempotency-Key.`,
    query: trelloImportQuerySchema,
    requestHeaders: ["Idempotency-Key"],
    body: {
      schema: trelloBoardSchema,
      example: { id: "5f1a2b3c4d5e6f7a8b9c0d1e", name: "Launch", lists: [{ id: "l1", name: "To do", closed: false, pos: 1 }], cards: [] },
      maxBytes: FORMAT_LIMITS.trelloBytes,
      parse: parseTrelloBoard,
    },
    success: { status: 201, description: "The new snap.", schema: snapResponseSchema, example: examples.snapResponse },
    otherResponses: [{ status: 200, description: "dryRun=true: the board would import; nothing was written.", schema: formatImportDryRunResponseSchema }],
    errors: [400, 401, 403, 409, 413, 415],
    access: "key-or-session",
  }),
  importSnapXlsx: declareOperation({
    method: "post",
    path: "/api/snaps/import/xlsx",
    operationId: "importSnapXlsx",
    tag: "Snaps",
    summary: "Import an Excel or Google Sheets workbook (.xlsx)",
    description: `One sheet of an .xlsx workbook (sheet: its name or 1-based index, default the first) as a new private snap of yours: each non-empty cell a card at its row and column with its displayed text (numbers and dates as the cell's format shows them; formulas are never run, their last computed value is shown), a merged range one card spanning it, a solid fill the card's colour (theme colours and tints resolved), bold, italic, underline, alignment and wrap kept, column widths and row heights too, a hyperlink a link card. Raw bytes or multipart/form-data (one part named \`file\`). Checked before it is read like a .snap.zip: at most ${FORMAT_LIMITS.xlsxBytes.toLocaleString("en")} bytes, ${FORMAT_LIMITS.xlsxEntries.toLocaleString("en")} entries, ${FORMAT_LIMITS.xlsxPartBytes.toLocaleString("en")} bytes a part and ${FORMAT_LIMITS.xlsxUnpackedBytes.toLocaleString("en")} in all unpacked, no entry expanding over ${ARCHIVE_LIMITS.ratio} times past 1 MB; then ${FORMAT_LIMITS.cards.toLocaleString("en")} cells, ${FORMAT_LIMITS.gridIndex + 1} rows and columns (413 naming the bound). dryRun=true answers 200 with the summary, title and first cells. Safe to retry with an Idempotency-Key.${JOB_NOTE}`,
    query: xlsxImportQuerySchema,
    requestHeaders: ["Idempotency-Key"],
    body: {
      schema: z.string().describe("The workbook's bytes."),
      example: "(the .xlsx's bytes)",
      upload: true,
      readByHandler: true,
      maxBytes: FORMAT_LIMITS.xlsxBytes,
    },
    success: { status: 201, description: "The new snap.", schema: snapResponseSchema, example: examples.snapResponse },
    otherResponses: [
      { ...jobAnswer, example: exampleJob },
      { status: 200, description: "dryRun=true: the sheet would import; nothing was written.", schema: formatImportDryRunResponseSchema },
    ],
    errors: [400, 401, 403, 409, 413],
    access: "key-or-session",
  }),
  getImportJob: declareOperation({
    method: "get",
    path: "/api/import-jobs/{id}",
    operationId: "getImportJob",
    tag: "Snaps",
    summary: "Read an import job",
    description:
      "Your own import job (anyone else's is 404). 202 with its progress while it runs (Retry-After: 1); 201 with the new snap once done, as the import would have answered; a refused import answers its error (400, 413…) as the import would have. Jobs are kept 24 hours.",
    pathParams: importJobIdParam,
    success: { status: 201, description: "Done: the new snap.", schema: snapResponseSchema, example: examples.snapResponse },
    otherResponses: [{ ...jobAnswer, description: "Still running: its progress.", example: exampleJob }],
    errors: [400, 401, 403, 404, 409, 413],
    access: "key-or-session",
  }),
  duplicateSnap: declareOperation({
    method: "post",
    path: "/api/snaps/{id}/duplicate",
    operationId: "duplicateSnap",
    tag: "Snaps",
    summary: "Duplicate a snap",
    description: 'Read access. A private copy with its cards and lines, owned by you, in your workspace; title default "Copy of <title>".',
    pathParams: snapIdParam,
    requestHeaders: ["Idempotency-Key"],
    body: { schema: duplicateSnapSchema, example: { title: "Sprint 43" } },
    success: { status: 201, description: "The copy.", schema: snapResponseSchema, example: examples.snapResponse },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
    action: async (principal, { params, body }) => ({ snap: await duplicateSnap(principal, params.id, body) }),
    tools: [{ name: "duplicate_snap", title: "Duplicate a snap", mode: "write" }],
  }),
  listTemplates: declareOperation({
    method: "get",
    path: "/api/templates",
    operationId: "listTemplates",
    tag: "Templates",
    summary: "List templates",
    description: "The built-in templates, then your workspace's. Pass an id as templateId to POST /api/snaps.",
    success: { status: 200, description: "The templates.", schema: templatesResponseSchema, example: transferExamples.templatesResponse },
    errors: [401],
    access: "key-or-session",
    action: async (principal) => ({ templates: await listTemplates(principal) }),
    tools: [{ name: "list_templates", title: "List templates", mode: "read", hint: "Start a snap from one with create_snap_from_template." }],
  }),
  createTemplate: declareOperation({
    method: "post",
    path: "/api/templates",
    operationId: "createTemplate",
    tag: "Templates",
    summary: "Save a snap as a template",
    description: `Edit access to the snap. The snap as it is now, shared with your workspace. A workspace holds at most ${MAX_WORKSPACE_TEMPLATES} templates (409), each a document of at most ${MAX_TEMPLATE_DOCUMENT_BYTES} bytes as JSON, the import's limit (413).`,
    body: { schema: templateCreateSchema, example: transferExamples.templateCreate },
    success: { status: 201, description: "The new template.", schema: templateResponseSchema, example: { template: transferExamples.template } },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
  }),
  deleteTemplate: declareOperation({
    method: "delete",
    path: "/api/templates/{id}",
    operationId: "deleteTemplate",
    tag: "Templates",
    summary: "Delete a template",
    description: "Its creator or a workspace admin. Built-in templates cannot be deleted (403).",
    pathParams: templateIdParam,
    success: successResponse("Deleted."),
    errors: [401, 403, 404],
    access: "key-or-session",
  }),
};
