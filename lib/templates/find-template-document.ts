import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import type { SnapDocument } from "@/lib/transfer/transfer-schemas";
import { builtinTemplates } from "./builtin-templates";

/** A template's document: a built-in one, or one of the caller's workspace (404 for any other). */
export async function findTemplateDocument(principal: Principal, templateId: string, path = "templateId"): Promise<SnapDocument> {
  const builtin = builtinTemplates().find((template) => template.id === templateId);
  if (builtin) return structuredClone(builtin.document);
  const row = await db.snapTemplate.findFirst({ where: { id: templateId, workspaceId: principal.workspaceId }, select: { document: true } });
  if (!row) throw new ApiError("NOT_FOUND", "Template not found", [{ path, message: "No such template in your workspace" }]);
  return row.document as unknown as SnapDocument;
}
