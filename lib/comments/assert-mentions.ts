import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import type { SnapAccessFacts } from "@/lib/board-model/snap-access";
import { MAX_MENTIONS } from "./comment-config";
import { parseMentions } from "@/lib/validation/mentions";
import { readableUserIds } from "./readable-user-ids";

/**
 * The body's mentions, each of a user who can read the snap: 400 naming the first who cannot (an
 * unknown id reads the same, so the answer tells nothing of who exists), 400 past 20 mentions.
 */
export async function assertMentions(tx: Tx, snap: SnapAccessFacts, body: string): Promise<string[]> {
  const mentions = parseMentions(body);
  if (mentions.length > MAX_MENTIONS) {
    throw new ApiError("BAD_REQUEST", `A comment may mention at most ${MAX_MENTIONS} people`, [
      { path: "body", message: `${mentions.length} mentions; at most ${MAX_MENTIONS}` },
    ]);
  }
  const readable = await readableUserIds(tx, snap, mentions);
  const outsider = mentions.find((id) => !readable.has(id));
  if (outsider) {
    throw new ApiError("BAD_REQUEST", `User ${outsider} cannot see this snap, so they cannot be mentioned`, [
      { path: "body", message: `<@${outsider}> cannot see this snap` },
    ]);
  }
  return mentions;
}
