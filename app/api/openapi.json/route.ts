import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { withErrors } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";

/** Public: the document describes the API, it holds no data. */
export const GET = withErrors(async () => Response.json(buildOpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }));

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
