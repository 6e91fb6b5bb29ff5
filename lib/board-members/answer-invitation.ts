import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { acceptInvitation } from "@/lib/workspaces/accept-invitation";
import { declineInvitation } from "@/lib/workspaces/decline-invitation";
import { acceptSnapInvitation, lockOwnSnapInvitation } from "./accept-snap-invitation";
import { declineSnapInvitation } from "./decline-snap-invitation";

/**
 * POST /api/invitations/:id/accept, for both kinds (docs/API.md, "Invitations"): a board invitation
 * makes the caller a member of that board; otherwise it is a workspace's (404 when neither is theirs).
 */
export async function acceptAnyInvitation(principal: Principal, invitationId: string) {
  const board = await runTransaction(async (tx) => {
    const invitation = await lockOwnSnapInvitation(tx, principal, invitationId);
    return invitation ? acceptSnapInvitation(tx, principal, invitation) : null;
  });
  if (board) return board;
  return { kind: "workspace" as const, ...(await acceptInvitation(principal, invitationId)) };
}

/** POST /api/invitations/:id/decline, for both kinds. */
export async function declineAnyInvitation(principal: Principal, invitationId: string): Promise<void> {
  const declined = await runTransaction(async (tx) => {
    const invitation = await lockOwnSnapInvitation(tx, principal, invitationId);
    if (invitation) await declineSnapInvitation(tx, principal, invitation);
    return invitation !== null;
  });
  if (!declined) await declineInvitation(principal, invitationId);
}
