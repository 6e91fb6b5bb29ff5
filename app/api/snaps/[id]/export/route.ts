import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseQuery } from "@/lib/http/parse";
import { withPrincipal } from "@/lib/http/route";
import { exportFile } from "@/lib/transfer/export-file";
import { exportSnap } from "@/lib/transfer/export-snap";
import { exportQuerySchema } from "@/lib/transfer/transfer-schemas";

/** The snap as a download: its JSON document (default), CSV of its cards, or an SVG or PNG picture. */
export const GET = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const { format, scale } = parseQuery(request, exportQuerySchema);
  const { document } = await exportSnap(principal, params.id);
  const file = await exportFile(document, format, scale);
  return new Response(file.body as BodyInit, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
