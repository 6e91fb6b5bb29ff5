import { examples } from "@/lib/operations/examples/examples";
import { successResponseSchema } from "@/lib/validation/common";

/** The answer of a delete or another action with nothing to return: 200 `{"success": true}`, described. */
export function successResponse(description: string) {
  return { status: 200, description, schema: successResponseSchema, example: examples.success };
}
