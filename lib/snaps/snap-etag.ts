import type { SnapVersion } from "@/lib/board-model/snap-version";
import { entityTag } from "@/lib/http/etag";

/**
 * A snap's ETag. updatedAt moves (strictly, see recordSnapChanges) with every write to the snap, its
 * cards and its lines; the folder's name is the one part of the representation that changes
 * without touching the snap (a rename), so it is part of the tag too.
 */
export function snapEtag(snap: SnapVersion): string {
  return entityTag("snap", snap.id, snap.updatedAt.getTime(), snap.folderId, snap.folder?.name ?? null);
}
