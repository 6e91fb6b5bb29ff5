import type { Principal } from "@/lib/auth/principal";
import { validate } from "@/lib/http/parse";
import { createSnap } from "@/lib/snaps/create-snap";
import type { SnapDetail } from "@/lib/snaps/find-snap-detail";
import { createSnapFromTemplate } from "./create-snap-from-template";
import { snapCreateRequestSchema, snapFromTemplateSchema } from "./snap-from-template-schemas";

/**
 * POST /api/snaps: an empty grid, or a template's board when the body names one. The body is
 * read twice: with defaults for a plain create, and without them for a template, whose own fields
 * only give way to fields the caller actually sent.
 */
export async function createSnapFromBody(principal: Principal, body: unknown): Promise<SnapDetail> {
  const input = validate(snapCreateRequestSchema, body, "body");
  if (input.templateId === undefined) return createSnap(principal, input);
  return createSnapFromTemplate(principal, validate(snapFromTemplateSchema, body, "body"));
}
