import { receiveUpload } from "@/lib/files/receive-upload";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { importCsv } from "@/lib/transfer/formats/import-csv";

/** The file reads its own body (raw or multipart), within the CSV import's bound (lib/transfer/formats/import-csv.ts). */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.importSnapCsv, async ({ request, principal, query }) => {
    const answer = await importCsv(
      principal,
      (dir, maxBytes) => receiveUpload(request, { name: "upload", dir, maxBytes }),
      request.headers.get("content-type") ?? "",
      query,
    );
    return Response.json(answer, { status: "valid" in answer ? 200 : 201 });
  }),
);
