import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { FILE_OPERATIONS as operations } from "@/lib/operations/file-operations";
import { receiveUpload } from "@/lib/files/receive-upload";
import { storeUpload } from "@/lib/files/store-upload";

/** The upload reads its own body: a stream, never held whole in memory (lib/files/receive-upload.ts). */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.uploadFile, async ({ request, principal, params, query }) =>
    Response.json(
      { file: await storeUpload(principal, params.id, (dir, maxBytes) => receiveUpload(request, { name: query.name, dir, maxBytes })) },
      { status: 201 },
    ),
  ),
  implement(operations.listSnapFiles),
);
