import type { z } from "zod";
import { validate } from "@/lib/http/parse";
import type { snapCreateSchema } from "@/lib/snaps/snap-schemas";
import { snapCreateRequestSchema, snapFromTemplateSchema, type SnapFromTemplate } from "./snap-from-template-schemas";

export type SnapCreateBody = { blank: z.output<typeof snapCreateSchema> } | { fromTemplate: SnapFromTemplate };

/**
 * POST /api/snaps's body: an empty grid, or a template's board when it names one. Read twice:
 * with defaults for a plain create, and without them for a template, whose own fields only give
 * way to fields the caller actually sent.
 */
export function parseSnapCreateBody(value: unknown): SnapCreateBody {
  const { templateId, ...blank } = validate(snapCreateRequestSchema, value, "body");
  if (templateId === undefined) return { blank };
  return { fromTemplate: validate(snapFromTemplateSchema, value, "body") };
}
