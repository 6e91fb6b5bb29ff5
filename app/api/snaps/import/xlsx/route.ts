import { receiveUpload } from "@/lib/files/receive-upload";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { importXlsx } from "@/lib/transfer/formats/xlsx/import-xlsx";

/** The workbook reads its own body: streamed to a temporary file and checked as a zip before it is read (lib/transfer/formats/xlsx/). */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.importSnapXlsx, async ({ request, principal, query }) => {
    const answer = await importXlsx(principal, (dir, maxBytes) => receiveUpload(request, { name: "upload", dir, maxBytes }), query);
    return Response.json(answer, { status: "valid" in answer ? 200 : 201 });
  }),
);
