import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(implement(operations.duplicateSnap));
