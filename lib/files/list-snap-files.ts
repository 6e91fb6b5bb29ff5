import "server-only";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import { db } from "@/lib/db/client";
import { decodeTimeIdCursor, encodeTimeIdCursor } from "@/lib/http/time-id-cursor";
import type { Principal } from "@/lib/request/principal";
import type { FileView } from "./file-schemas";
import { fileRowSelect, toFileView } from "./file-view";

/** GET /api/snaps/:id/files: read access; newest first, a page at a time. */
export async function listSnapFiles(
  principal: Principal,
  snapId: string,
  query: { after?: string; limit: number },
): Promise<{ files: FileView[]; nextCursor: string | null; hasMore: boolean }> {
  await getSnapAccessOrThrow(principal, snapId, "read");
  const after = query.after ? decodeTimeIdCursor(query.after) : null;
  const rows = await db.file.findMany({
    where: {
      snapId,
      ...(after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    select: fileRowSelect,
  });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { files: page.map(toFileView), nextCursor: hasMore && last ? encodeTimeIdCursor({ at: last.createdAt, id: last.id }) : null, hasMore };
}
