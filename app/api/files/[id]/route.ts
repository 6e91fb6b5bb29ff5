import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { FILE_OPERATIONS as operations } from "@/lib/operations/file-operations";
import { serveFile } from "@/lib/files/serve-file";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.readFile, async ({ request, params, query }) => serveFile(request, params.id, query)),
  implement(operations.deleteFile),
);
