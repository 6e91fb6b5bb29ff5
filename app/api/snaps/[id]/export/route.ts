import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { exportFile } from "@/lib/transfer/export-file";
import { exportSnap } from "@/lib/transfer/export-snap";

/** The snap as a download: its JSON document (default), CSV of its cards, or an SVG or PNG picture. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.exportSnap, async ({ principal, params, query }) => {
    const { document } = await exportSnap(principal, params.id);
    const file = await exportFile(document, query.format, query.scale, principal.userId);
    return new Response(file.body as BodyInit, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  }),
);
