import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import type { AuditAction } from "@/lib/audit/audit-schemas";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Tx } from "@/lib/db/run-transaction";

interface SharingBefore {
  workspaceId: string;
  title: string;
  isPublic: boolean;
  sharedWithWorkspace: boolean;
}

/**
 * Audit log entries for an update that changed who can see the snap: shared with the workspace or
 * not, public or private. A PATCH that sets a value it already had records nothing.
 */
export async function recordSharingChanges(
  tx: Tx,
  principal: Principal,
  snapId: string,
  before: SharingBefore,
  input: { isPublic?: boolean; sharedWithWorkspace?: boolean; title?: string },
): Promise<void> {
  const actions: AuditAction[] = [];
  if (input.sharedWithWorkspace !== undefined && input.sharedWithWorkspace !== before.sharedWithWorkspace) {
    actions.push(input.sharedWithWorkspace ? "snap.shared" : "snap.unshared");
  }
  if (input.isPublic !== undefined && input.isPublic !== before.isPublic) {
    actions.push(input.isPublic ? "snap.made_public" : "snap.made_private");
  }
  for (const action of actions) {
    await recordAuditEvent(tx, {
      workspace: { id: before.workspaceId },
      action,
      actor: auditActorOf(principal),
      target: { type: "snap", id: snapId, name: input.title ?? before.title },
    });
  }
}
