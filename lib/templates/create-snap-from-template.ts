import type { Principal } from "@/lib/request/principal";
import { ApiError } from "@/lib/errors/api-error";
import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import { importSnap } from "@/lib/transfer/import-snap";
import { findTemplateDocument } from "./find-template-document";
import type { SnapFromTemplate } from "./snap-from-template-schemas";

/** POST /api/snaps with a templateId: the template's board as a new snap, the request's fields over its own. */
export async function createSnapFromTemplate(principal: Principal, input: SnapFromTemplate): Promise<SnapDetail> {
  const { templateId, rows, cols, ...fields } = input;
  const document = await findTemplateDocument(principal, templateId);
  for (const [axis, value] of [
    ["rows", rows],
    ["cols", cols],
  ] as const) {
    if (value === undefined) continue;
    if (value < document.snap[axis])
      throw new ApiError("BAD_REQUEST", `The template needs at least ${document.snap[axis]} ${axis}`, [
        { path: axis, message: `At least ${document.snap[axis]} for this template` },
      ]);
    document.snap[axis] = value;
  }
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) Object.assign(document.snap, { [field]: value });
  return importSnap(principal, document);
}
