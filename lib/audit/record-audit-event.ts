import "server-only";
import { isIP } from "node:net";
import { createId } from "@/lib/db/create-id";
import { db, type Db } from "@/lib/db/client";
import type { Tx } from "@/lib/db/run-transaction";
import { currentRequestContext } from "@/lib/request/request-context";
import { resolveAuditActor, type AuditActor } from "./audit-actor";
import type { AuditAction, AuditTargetType } from "./audit-schemas";

export interface AuditEventInput {
  /** The workspace whose log gets the entry, or the user whose current workspace it is. */
  workspace: { id: string } | { ofUserId: string };
  action: AuditAction;
  /** auditActorOf(principal) for a request; inside the admin CLI the actor becomes `cli` by itself. */
  actor: AuditActor;
  /** The name is copied as it is now: the entry outlives the user, key or snap it names. */
  target: { type: AuditTargetType; id: string | null; name?: string | null };
  /** Defaults to the client address of the request being handled (none outside a request). */
  ip?: string | null;
}

const MAX_NAME_LENGTH = 200;

/**
 * Writes one audit log entry. Pass the write's transaction (`tx`) where there is one, so the entry
 * commits or rolls back with what it records; a refused request then leaves no entry either.
 * Never pass a secret, a hash or a password in any field (docs/SECURITY.md, "Audit log").
 */
export async function recordAuditEvent(tx: Tx | Db, event: AuditEventInput): Promise<void> {
  const actor = resolveAuditActor(event.actor);
  const address = event.ip === undefined ? (currentRequestContext()?.clientIp ?? null) : event.ip;
  // Only an address that parses as one is stored: a forwarded header's junk never reaches the log.
  const ip = address && isIP(address) ? address : null;
  const name = event.target.name ? event.target.name.slice(0, MAX_NAME_LENGTH) : null;
  const values = [
    createId(),
    event.action,
    actor.type,
    actor.userId,
    actor.apiKeyId ?? null,
    actor.clientId ?? null,
    event.target.type,
    event.target.id,
    name,
    ip,
  ];
  if ("id" in event.workspace) {
    await tx.$executeRawUnsafe(
      `INSERT INTO "AuditEvent" (id, action, "actorType", "actorUserId", "apiKeyId", "clientId", "targetType", "targetId", "targetName", ip, "workspaceId")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      ...values,
      event.workspace.id,
    );
  } else {
    // The user's workspace read in the same statement; a user without one (being deleted) logs nothing.
    await tx.$executeRawUnsafe(
      `INSERT INTO "AuditEvent" (id, action, "actorType", "actorUserId", "apiKeyId", "clientId", "targetType", "targetId", "targetName", ip, "workspaceId")
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, m."workspaceId" FROM "Membership" m WHERE m."userId" = $11`,
      ...values,
      event.workspace.ofUserId,
    );
  }
}

/** Outside any transaction: for events that are not part of a write (sign-ins, sign-outs). */
export function recordAuditEventNow(event: AuditEventInput): Promise<void> {
  return recordAuditEvent(db, event);
}
