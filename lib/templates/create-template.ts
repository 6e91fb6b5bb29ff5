import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/errors/api-error";
import { findSnapDetailWithAccess } from "@/lib/snaps/find-snap-detail";
import { assertSnapAccess } from "@/lib/snaps/snap-access";
import { toSnapDocument } from "@/lib/transfer/to-snap-document";
import type { Template, TemplateCreate } from "./template-schemas";
import { toTemplate } from "./to-template";

/** POST /api/templates: the snap (edit access) as it is now, saved for the caller's workspace. */
export async function createTemplate(principal: Principal, input: TemplateCreate): Promise<Template> {
  const found = await findSnapDetailWithAccess(input.snapId);
  if (!found?.snap) throw new ApiError("NOT_FOUND", "Snap not found");
  assertSnapAccess(principal, found.facts, "edit");
  const document = toSnapDocument(found.snap);
  delete document.exportedAt;
  const description = input.description ?? "";
  const row = await db.snapTemplate.create({
    data: {
      workspaceId: principal.workspaceId,
      userId: principal.userId,
      name: input.name,
      description,
      document: document as unknown as Prisma.InputJsonValue,
    },
    select: { id: true },
  });
  return toTemplate(row.id, input.name, description, "workspace", document);
}
