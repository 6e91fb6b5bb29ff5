import { z } from "zod";

/** GET /api/openapi.json, loosely: the document's own structure is OpenAPI 3.1's. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
});
