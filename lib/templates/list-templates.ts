import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import type { SnapDocument } from "@/lib/transfer/transfer-schemas";
import { builtinTemplates } from "./builtin-templates";
import type { Template } from "./template-schemas";
import { toTemplate } from "./to-template";

/** At most this many of the workspace's templates are listed (newest first). */
const MAX_WORKSPACE_TEMPLATES = 200;

/** GET /api/templates: the built-in templates, then the caller's workspace's. */
export async function listTemplates(principal: Principal): Promise<Template[]> {
  const rows = await db.snapTemplate.findMany({
    where: { workspaceId: principal.workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: MAX_WORKSPACE_TEMPLATES,
    select: { id: true, name: true, description: true, document: true },
  });
  return [
    ...builtinTemplates().map(({ id, name, description, document }) => toTemplate(id, name, description, "builtin", document)),
    ...rows.map(({ id, name, description, document }) => toTemplate(id, name, description, "workspace", document as unknown as SnapDocument)),
  ];
}
