import { listAuditLog } from "@/lib/audit/list-audit-log";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WORKSPACE_OPERATIONS as operations } from "@/lib/operations/workspace-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listAuditLog, async ({ principal, query }) => listAuditLog(principal, query)),
);
