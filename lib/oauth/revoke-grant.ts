import "server-only";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { AuditActor } from "@/lib/audit/audit-actor";
import type { AuditAction } from "@/lib/audit/audit-schemas";
import type { Tx } from "@/lib/db/run-transaction";
import { notifyGrantRevoked } from "@/lib/live/notify-key-revoked";

/**
 * Ends a grant and every token issued from it: the tokens are deleted, and every token check
 * reads the grant's revokedAt too, so every instance refuses them on the very next request; event
 * streams opened with them end (a NOTIFY sent at commit).
 * Records `action` in the audit log. False when the grant was already revoked or is not the user's.
 */
export async function revokeGrant(
  tx: Tx,
  grant: { id: string; userId: string },
  audit: { action: Extract<AuditAction, "oauth.revoked" | "oauth.refresh_reuse">; actor: AuditActor },
): Promise<boolean> {
  const [revoked] = await tx.$queryRaw<{ name: string }[]>`
    UPDATE "OAuthGrant" AS g SET "revokedAt" = now(), "codeHash" = NULL
    FROM "OAuthClient" AS c
    WHERE g.id = ${grant.id} AND g."userId" = ${grant.userId} AND g."revokedAt" IS NULL AND c.id = g."clientId"
    RETURNING c.name`;
  await tx.oAuthToken.deleteMany({ where: { grantId: grant.id } });
  if (!revoked) return false;
  await notifyGrantRevoked(tx, grant.id);
  await recordAuditEvent(tx, {
    workspace: { ofUserId: grant.userId },
    action: audit.action,
    actor: audit.actor,
    target: { type: "oauth_app", id: grant.id, name: revoked.name },
  });
  return true;
}
