import { z } from "zod";
import type { BodySpec, Operation, PathParamName } from "@/lib/operations/operation";
import { idSchema } from "@/lib/validation/common";

type IdFields<Path extends string> = { [Name in PathParamName<Path>]: typeof idSchema };
type BodyShape<Body> = Body extends { schema: z.ZodObject<infer Shape> } ? Shape : object;

/**
 * A tool's arguments from the REST operation it mirrors: the path's ids (described as the
 * declaration describes them) beside the body's fields, so a tool and its route take the same input.
 */
export function operationArguments<Path extends string, Body extends (BodySpec & { schema: z.ZodObject }) | undefined>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query, success and access
  operation: Operation<Path, any, Body, any, any>,
): z.ZodObject<IdFields<Path> & BodyShape<Body>, z.core.$strict> {
  const ids = Object.fromEntries(
    Object.entries<{ description: string }>(operation.pathParams ?? {}).map(([name, { description }]) => [name, idSchema.describe(description)]),
  );
  return z.strictObject({ ...ids, ...(operation.body?.schema.shape ?? {}) }) as unknown as z.ZodObject<IdFields<Path> & BodyShape<Body>, z.core.$strict>;
}
