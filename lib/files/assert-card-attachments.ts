import "server-only";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import type { Tx } from "@/lib/db/run-transaction";
import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";

/** A card write's attachments: the snap it writes to and the path its item has in the body ("" or "update.3."). */
export interface AttachmentsItem {
  snapId: string;
  attachments?: readonly string[] | undefined;
  path: string;
}

/**
 * The attachments a card write names (docs/API.md, "Cards"): at most CARD_MAX_ATTACHMENTS per card
 * (400), each file once (400), each a file of the card's own snap (404 for any other id, whether
 * unknown or another snap's: which snaps hold a file is not told). Every offending item is named by
 * its path (`update.3.attachments.0`); nothing is written. The database keeps only files of the
 * card's snap whatever the write (prisma/migrations, "Card_resolve_attachments"): this check is
 * what turns a wrong id into an answer rather than a silent drop.
 */
export async function assertCardAttachments(items: readonly AttachmentsItem[], client: Tx | typeof db = db): Promise<void> {
  const listed = items.filter(
    (item): item is AttachmentsItem & { attachments: readonly string[] } => item.attachments !== undefined && item.attachments.length > 0,
  );
  if (listed.length === 0) return;
  const cap = config().CARD_MAX_ATTACHMENTS;
  const invalid: ErrorDetail[] = [];
  for (const { attachments, path } of listed) {
    if (attachments.length > cap) {
      invalid.push({ path: `${path}attachments`, message: `At most ${cap} attachments per card (CARD_MAX_ATTACHMENTS); this list has ${attachments.length}` });
      continue;
    }
    const first = new Map<string, number>();
    attachments.forEach((id, index) => {
      const earlier = first.get(id);
      if (earlier === undefined) first.set(id, index);
      else invalid.push({ path: `${path}attachments.${index}`, message: `File ${id} is listed twice (also at ${path}attachments.${earlier})` });
    });
  }
  if (invalid[0]) throw new ApiError("BAD_REQUEST", `${invalid[0].message}; nothing was written`, invalid);

  const ids = [...new Set(listed.flatMap((item) => item.attachments))];
  const files = await client.file.findMany({ where: { id: { in: ids } }, select: { id: true, snapId: true } });
  const snapOf = new Map(files.map((file) => [file.id, file.snapId]));
  const missing: ErrorDetail[] = [];
  for (const { snapId, attachments, path } of listed) {
    attachments.forEach((id, index) => {
      if (snapOf.get(id) !== snapId) missing.push({ path: `${path}attachments.${index}`, message: `No file ${id} in this card's snap` });
    });
  }
  if (missing[0]) throw new ApiError("NOT_FOUND", `File not found at ${missing[0].path}: attach files of the card's own snap; nothing was written`, missing);
}
