import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { builtinTemplates } from "./builtin-templates";
import { summarizeTemplate } from "./summarize-template";
import { MAX_WORKSPACE_TEMPLATES } from "./template-limits";
import type { Template, TemplateSummary } from "./template-schemas";
import { toTemplate } from "./to-template";

/**
 * GET /api/templates: the built-in templates, then the caller's workspace's (newest first). Reads
 * the stored summaries, never the documents: the page's memory does not follow their size.
 */
export async function listTemplates(principal: Principal): Promise<Template[]> {
  const rows = await db.snapTemplate.findMany({
    where: { workspaceId: principal.workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: MAX_WORKSPACE_TEMPLATES,
    select: { id: true, name: true, description: true, rows: true, cols: true, previewCells: true },
  });
  return [
    ...builtinTemplates().map(({ id, name, description, document }) => toTemplate(id, name, description, "builtin", summarizeTemplate(document))),
    ...rows.map(({ id, name, description, rows, cols, previewCells }) =>
      toTemplate(id, name, description, "workspace", { rows, cols, previewCells: previewCells as unknown as TemplateSummary["previewCells"] }),
    ),
  ];
}
