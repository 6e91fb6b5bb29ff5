import "server-only";
import { userActor } from "@/lib/audit/audit-actor";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { revokeGrant } from "./revoke-grant";

/**
 * DELETE /api/account/connected-apps/:id: ends the grant and every token issued from it. The
 * revocation is a database write that every token check reads, so every instance refuses the
 * app's tokens on the very next request. 404 for a grant that is not the user's or already ended.
 */
export async function revokeConnectedApp(userId: string, grantId: string): Promise<void> {
  await runTransaction(async (tx) => {
    const revoked = await revokeGrant(tx, { id: grantId, userId }, { action: "oauth.revoked", actor: userActor(userId) });
    if (!revoked) throw new ApiError("NOT_FOUND", "No connected app with this id");
  });
}
