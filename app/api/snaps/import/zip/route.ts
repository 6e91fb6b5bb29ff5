import { receiveUpload } from "@/lib/files/receive-upload";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { importArchive } from "@/lib/transfer/import-archive";

/** The archive reads its own body: streamed to a temporary file, never held whole in memory (lib/transfer/import-archive.ts). */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.importSnapArchive, async ({ request, principal, query }) => {
    const answer = await importArchive(principal, (dir, maxBytes) => receiveUpload(request, { name: "snap.zip", dir, maxBytes }), query);
    return Response.json(answer, { status: "valid" in answer ? 200 : 201 });
  }),
);
