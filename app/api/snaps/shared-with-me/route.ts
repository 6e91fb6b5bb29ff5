import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { MEMBER_OPERATIONS as operations } from "@/lib/operations/member-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(implement(operations.listSharedWithMe));
