import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { findSnapDetailWithAccess } from "@/lib/board-model/find-snap-detail";
import { assertSnapAccess } from "@/lib/board-model/snap-access";
import { toSnapDocument } from "@/lib/transfer/to-snap-document";
import { summarizeTemplate } from "./summarize-template";
import { MAX_TEMPLATE_DOCUMENT_BYTES, MAX_WORKSPACE_TEMPLATES } from "./template-limits";
import type { Template, TemplateCreate } from "./template-schemas";
import { toTemplate } from "./to-template";

/**
 * POST /api/templates: the snap (edit access) as it is now, saved for the caller's workspace, with
 * the summary its listing shows. At most MAX_WORKSPACE_TEMPLATES per workspace (409) and a document
 * no larger than an import may be (413).
 */
export async function createTemplate(principal: Principal, input: TemplateCreate): Promise<Template> {
  // Counted before the snap is read (cheap refusal), and again under the workspace's lock.
  await assertRoomForTemplate(db, principal.workspaceId);
  const found = await findSnapDetailWithAccess(input.snapId);
  if (!found?.snap) throw new ApiError("NOT_FOUND", "Snap not found");
  assertSnapAccess(principal, found.facts, "edit");
  const document = toSnapDocument(found.snap);
  delete document.exportedAt;
  const documentBytes = Buffer.byteLength(JSON.stringify(document));
  if (documentBytes > MAX_TEMPLATE_DOCUMENT_BYTES) {
    throw new ApiError(
      "PAYLOAD_TOO_LARGE",
      `This snap's document is ${documentBytes} bytes; a template holds at most ${MAX_TEMPLATE_DOCUMENT_BYTES} (the import's limit)`,
      [{ path: "snapId", message: `The snap's document is larger than ${MAX_TEMPLATE_DOCUMENT_BYTES} bytes` }],
    );
  }
  const summary = summarizeTemplate(document);
  const description = input.description ?? "";
  const row = await runTransaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Workspace" WHERE id = ${principal.workspaceId} FOR UPDATE`;
    await assertRoomForTemplate(tx, principal.workspaceId);
    return tx.snapTemplate.create({
      data: {
        workspaceId: principal.workspaceId,
        userId: principal.userId,
        name: input.name,
        description,
        document: document as unknown as Prisma.InputJsonValue,
        rows: summary.rows,
        cols: summary.cols,
        previewCells: summary.previewCells as unknown as Prisma.InputJsonValue,
        documentBytes,
      },
      select: { id: true },
    });
  });
  return toTemplate(row.id, input.name, description, "workspace", summary);
}

async function assertRoomForTemplate(client: Pick<typeof db, "snapTemplate">, workspaceId: string): Promise<void> {
  const count = await client.snapTemplate.count({ where: { workspaceId } });
  if (count >= MAX_WORKSPACE_TEMPLATES) {
    throw new ApiError("CONFLICT", `This workspace already has ${MAX_WORKSPACE_TEMPLATES} templates, the most allowed. Delete one to save another.`);
  }
}
