import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { COMMENT_OPERATIONS as operations } from "@/lib/operations/comment-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(implement(operations.listNotifications));
