import "server-only";
import { config } from "@/lib/config";
import { createId } from "@/lib/db/create-id";
import type { Tx } from "@/lib/db/run-transaction";
import { assertRoomForFiles } from "./workspace-file-usage";

/**
 * A duplicate's files, in its transaction: each file a card of the source shows or carries as an
 * attachment gets a copy on the new snap (a new id sharing the source's storage objects, which
 * never change, so no byte is copied), and the copied cards' titles and attachments name the
 * copies (the attachments by the source card at the same cell: a snap's cards never overlap; the
 * copied rows lost them, as files of another snap, to the "Card_resolve_attachments" trigger). The copies count toward the caller's
 * workspace quota (413 past it). Answers how many files were copied.
 */
export async function copySnapFiles(tx: Tx, sourceSnapId: string, copySnapId: string, workspaceId: string, userId: string): Promise<number> {
  const files = await tx.$queryRaw<{ id: string; size: number }[]>`
    SELECT f.id, f.size FROM "File" AS f
    WHERE f."snapId" = ${sourceSnapId} AND EXISTS (SELECT 1 FROM "Card" AS c WHERE c."snapId" = ${sourceSnapId}
      AND (strpos(c.title, f.id) > 0 OR c."attachments" @> jsonb_build_array(jsonb_build_object('id', f.id))))`;
  if (files.length === 0) return 0;
  await assertRoomForFiles(
    tx,
    workspaceId,
    config().FILE_WORKSPACE_QUOTA_BYTES,
    files.reduce((sum, file) => sum + file.size, 0),
  );
  const sourceIds = files.map((file) => file.id);
  const copyIds = files.map(() => createId());
  await tx.$executeRaw`
    WITH pairs AS (SELECT * FROM unnest(${sourceIds}::text[], ${copyIds}::text[]) AS p(source, copy)),
    copied AS (
      INSERT INTO "File" (id, "objectId", "snapId", name, "contentType", size, width, height, renditions, "displaySize", "thumbSize", sha256, "createdById")
      SELECT p.copy, f."objectId", ${copySnapId}, f.name, f."contentType", f.size, f.width, f.height, f.renditions, f."displaySize", f."thumbSize", f.sha256, ${userId}
      FROM pairs AS p JOIN "File" AS f ON f.id = p.source
    )
    UPDATE "Card" AS c SET title = replace(c.title, '/api/files/' || p.source, '/api/files/' || p.copy)
    FROM pairs AS p WHERE c."snapId" = ${copySnapId} AND strpos(c.title, p.source) > 0`;
  await tx.$executeRaw`
    WITH pairs AS (SELECT * FROM unnest(${sourceIds}::text[], ${copyIds}::text[]) AS p(source, copy))
    UPDATE "Card" AS c SET "attachments" = (
      SELECT jsonb_agg(jsonb_build_object('id', COALESCE(p.copy, a.file ->> 'id')) ORDER BY a.n)
      FROM jsonb_array_elements(s."attachments") WITH ORDINALITY AS a(file, n) LEFT JOIN pairs AS p ON p.source = a.file ->> 'id')
    FROM "Card" AS s
    WHERE c."snapId" = ${copySnapId} AND s."snapId" = ${sourceSnapId} AND s.row = c.row AND s.col = c.col AND s."attachments" <> '[]'::jsonb`;
  return files.length;
}
