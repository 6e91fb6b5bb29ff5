import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Principal } from "@/lib/request/principal";
import type { AuditActorType } from "./audit-schemas";

/** Who an audit entry says acted. */
export interface AuditActor {
  type: AuditActorType;
  userId: string | null;
  apiKeyId?: string | null;
  /** The OAuth client of an `oauthApp` actor. */
  clientId?: string | null;
}

export function auditActorOf(principal: Pick<Principal, "userId" | "via" | "apiKeyId" | "oauth">): AuditActor {
  if (principal.via === "oauth") return { type: "oauthApp", userId: principal.userId, clientId: principal.oauth?.clientId ?? null };
  return principal.via === "apiKey"
    ? { type: "api_key", userId: principal.userId, apiKeyId: principal.apiKeyId ?? null }
    : { type: "user", userId: principal.userId };
}

export function userActor(userId: string): AuditActor {
  return { type: "user", userId };
}

const cliScope = new AsyncLocalStorage<true>();

/**
 * Runs the admin CLI's work: every audit entry written inside names the CLI as its actor, whatever
 * user the lib function acted for (the CLI is whoever has the database, not a signed-in user).
 */
export function runAsCli<T>(work: () => Promise<T>): Promise<T> {
  return cliScope.run(true, work);
}

export function resolveAuditActor(actor: AuditActor): AuditActor {
  return cliScope.getStore() ? { type: "cli", userId: null, apiKeyId: null } : actor;
}
