import type { Principal } from "@/lib/request/principal";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import type { PresenceUpdate } from "./live-schemas";
import { getSnapStreamHub } from "./snap-stream-hub";

/**
 * PUT /api/snaps/:id/presence: marks the card the caller edits through one of their streams (or
 * none). Read access is enough. The stream may be held by another instance, so the update is
 * announced to all of them; an unknown or someone else's connection id changes nothing.
 */
export async function setPresenceEditing(principal: Principal, snapId: string, input: PresenceUpdate): Promise<void> {
  await getSnapAccessOrThrow(principal, snapId, "read");
  getSnapStreamHub().setEditing(snapId, input.connectionId, principal.userId, input.editingCardId);
}
