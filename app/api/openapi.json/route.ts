import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { SYSTEM_OPERATIONS as operations } from "@/lib/operations/system-operations";

/** Public: the document describes the API, it holds no data. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.getOpenApiDocument, async () => Response.json(buildOpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } })),
);
