import { auditLogQuerySchema } from "@/lib/audit/audit-schemas";
import { listAuditLog } from "@/lib/audit/list-audit-log";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseQuery } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";

/** Workspace admins only, signed in or with a full-access key (403 otherwise). */
export const GET = withPrincipal(async (request, { principal }) => json(await listAuditLog(principal, parseQuery(request, auditLogQuerySchema))));

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
