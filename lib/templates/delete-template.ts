import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { builtinTemplates } from "./builtin-templates";

/** DELETE /api/templates/:id: its creator or an admin of its workspace; built-in templates stay. */
export async function deleteTemplate(principal: Principal, templateId: string): Promise<void> {
  if (builtinTemplates().some((template) => template.id === templateId)) throw new ApiError("FORBIDDEN", "Built-in templates cannot be deleted");
  const mayDelete = principal.role === "admin" ? {} : { userId: principal.userId };
  const { count } = await db.snapTemplate.deleteMany({ where: { id: templateId, workspaceId: principal.workspaceId, ...mayDelete } });
  if (count === 1) return;
  const exists = await db.snapTemplate.findFirst({ where: { id: templateId, workspaceId: principal.workspaceId }, select: { id: true } });
  if (exists) throw new ApiError("FORBIDDEN", "Only its creator or a workspace admin may delete this template");
  throw new ApiError("NOT_FOUND", "Template not found");
}
