import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseQuery, readJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { importSnap } from "@/lib/transfer/import-snap";
import { parseSnapDocument } from "@/lib/transfer/parse-snap-document";
import { summarizeSnapDocument } from "@/lib/transfer/summarize-snap-document";
import { importQuerySchema, MAX_IMPORT_BYTES } from "@/lib/transfer/transfer-schemas";

/** An export document as a new private snap of the caller; ?dryRun=true only checks it. */
export const POST = withPrincipal(
  withIdempotency(
    async (request, { principal }) => {
      const { dryRun } = parseQuery(request, importQuerySchema);
      const document = parseSnapDocument(await readJsonBody(request, { maxBytes: MAX_IMPORT_BYTES }));
      if (dryRun) return json({ valid: true, summary: summarizeSnapDocument(document) });
      return json({ snap: await importSnap(principal, document) }, 201);
    },
    { maxBytes: MAX_IMPORT_BYTES },
  ),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
