import "server-only";
import type { Principal } from "@/lib/request/principal";
import type { Tx } from "@/lib/db/run-transaction";
import type { SnapRole } from "@/lib/board-model/snap-roles";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { recordFeedEvents } from "@/lib/events/record-feed-events";
import { actorOf } from "@/lib/live/write-actor";
import { SNAP_EVENTS_CHANNEL } from "@/lib/live/live-channels";

export interface MemberChange {
  type: "member.added" | "member.role_changed" | "member.removed";
  snap: { id: string; title: string; workspaceId: string };
  member: { userId: string; name: string | null; email: string; role: SnapRole; guest: boolean };
  previousRole?: SnapRole;
}

const AUDIT_ACTION = {
  "member.added": "board.member_added",
  "member.role_changed": "board.member_role_changed",
  "member.removed": "board.member_removed",
} as const;

/**
 * What a change of a board's members leaves behind, in the change's transaction: the feed and webhook
 * event (no email: a receiver learns who by id and name), the entry in the snap's workspace's audit
 * log, and a NOTIFY on the snap's live channel ('<snapId>:members'), on which every instance re-reads
 * the snap's access facts and ends or downgrades the streams that lost access (lib/live/snap-stream-hub.ts).
 */
export async function recordMemberChange(tx: Tx, principal: Principal, change: MemberChange): Promise<void> {
  const { snap, member } = change;
  const data = {
    snapId: snap.id,
    member: { userId: member.userId, name: member.name, role: member.role, guest: member.guest },
    ...(change.previousRole ? { previousRole: change.previousRole } : {}),
  };
  await recordFeedEvents(tx, actorOf(principal), [{ type: change.type, snapId: snap.id, data, idsOnly: () => data }]);
  const roles = change.previousRole ? `${change.previousRole} → ${member.role}` : member.role;
  await recordAuditEvent(tx, {
    workspace: { id: snap.workspaceId },
    action: AUDIT_ACTION[change.type],
    actor: auditActorOf(principal),
    target: { type: "member", id: member.userId, name: `${member.email} on “${snap.title}” (${roles}${member.guest ? ", guest" : ""})` },
  });
  await tx.$executeRaw`SELECT pg_notify(${SNAP_EVENTS_CHANNEL}, ${`${snap.id}:members`})`;
}
