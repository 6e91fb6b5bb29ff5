import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { HISTORY_OPERATIONS as operations } from "@/lib/operations/history-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(implement(operations.restoreSnapVersion));
