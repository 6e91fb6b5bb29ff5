import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { auditRetentionDays } from "./audit-retention-days";
import type { AuditEntry, AuditLogQuery } from "./audit-schemas";
import { decodeAuditCursor, encodeAuditCursor } from "./audit-cursor";

interface AuditRow {
  id: string;
  action: AuditEntry["action"];
  occurredAt: Date;
  actorType: AuditEntry["actor"]["type"];
  actorUserId: string | null;
  actorName: string | null;
  apiKeyId: string | null;
  apiKeyName: string | null;
  clientId: string | null;
  clientName: string | null;
  targetType: AuditEntry["target"]["type"];
  targetId: string | null;
  targetName: string | null;
  ip: string | null;
}

/**
 * GET /api/workspace/audit-log: the caller's workspace's entries, newest first, in pages cut by a
 * cursor on (occurredAt, id). Workspace admins only, signed in or with a full-access key (403).
 */
export async function listAuditLog(principal: Principal, query: AuditLogQuery) {
  assertMayReadAuditLog(principal);
  const cursor = query.before === undefined ? null : decodeAuditCursor(query.before);
  if (query.before !== undefined && !cursor) {
    throw new ApiError("BAD_REQUEST", "Invalid query: before is not a cursor this endpoint gave out", [{ path: "before", message: "Not a valid cursor" }]);
  }
  const exact = query.action?.includes(".") ? query.action : null;
  const area = query.action && !exact ? `${query.action}.%` : null;
  const rows = await db.$queryRawUnsafe<AuditRow[]>(
    `SELECT e.id, e.action, e."occurredAt", e."actorType", e."actorUserId", COALESCE(u.name, u.email) AS "actorName",
       e."apiKeyId", k.name AS "apiKeyName", e."clientId", c.name AS "clientName", e."targetType", e."targetId", e."targetName", e.ip
     FROM "AuditEvent" e
     LEFT JOIN "User" u ON u.id = e."actorUserId"
     LEFT JOIN "ApiKey" k ON k.id = e."apiKeyId"
     LEFT JOIN "OAuthClient" c ON c.id = e."clientId"
     WHERE e."workspaceId" = $1
       AND e."occurredAt" >= now() - make_interval(days => $2::int)
       AND ($3::text IS NULL OR e.action = $3)
       AND ($4::text IS NULL OR e.action LIKE $4)
       AND ($5::timestamptz IS NULL OR (e."occurredAt", e.id) < ($5::timestamptz, $6::text))
     ORDER BY e."occurredAt" DESC, e.id DESC
     LIMIT $7`,
    principal.workspaceId,
    auditRetentionDays(),
    exact,
    area,
    cursor?.occurredAt ?? null,
    cursor?.id ?? "",
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toAuditEntry),
    nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last.occurredAt, last.id) : null,
  };
}

function assertMayReadAuditLog(principal: Principal): void {
  if (principal.role !== "admin") throw new ApiError("FORBIDDEN", "Only an admin of the workspace can read its audit log");
  if (principal.access === "read")
    throw new ApiError("FORBIDDEN", principal.via === "oauth" ? "This access token has only the read scope" : "This API key is read-only");
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    occurredAt: row.occurredAt.toISOString(),
    actor: {
      type: row.actorType,
      userId: row.actorUserId,
      name: row.actorName,
      apiKeyId: row.apiKeyId,
      apiKeyName: row.apiKeyName,
      ...(row.actorType === "oauthApp" ? { clientId: row.clientId ?? "", clientName: row.clientName ?? "Removed app" } : {}),
    },
    target: { type: row.targetType, id: row.targetId, name: row.targetName },
    ip: row.ip,
  };
}
