import "server-only";
import { randomBytes } from "node:crypto";
import type { Principal } from "@/lib/request/principal";
import { historyRetentionDays } from "@/lib/history/history-config";
import { currentSnapWrite } from "@/lib/request/snap-write-context";
import type { SingleWriteParam } from "./single-write-sql";
import { actorOf } from "@/lib/live/write-actor";

/**
 * The values of the parameters every single write binds (lib/single-writes/single-write-sql.ts): the actor
 * as lib/live/write-actor.ts says (any actor type: the statement only stores it), the caller's
 * access facts, the request's Base-Version, a new feed event id, and the key the statement checks
 * when it was not read for this request (caller-key-sql.ts).
 */
export function singleWriteValues(principal: Principal): Record<SingleWriteParam, unknown> {
  const actor = actorOf(principal);
  return {
    actorType: actor.type,
    actorUserId: actor.userId,
    actorApiKeyId: actor.apiKeyId,
    actorClientId: actor.clientId,
    baseVersion: currentSnapWrite()?.baseVersion ?? null,
    callerUserId: principal.userId,
    callerWorkspaceId: principal.workspaceId,
    callerRole: principal.role,
    eventId: `evt_${randomBytes(16).toString("base64url")}`,
    retentionDays: historyRetentionDays(),
    uncheckedKeyId: principal.keyUnread ? principal.apiKeyId : null,
  };
}
