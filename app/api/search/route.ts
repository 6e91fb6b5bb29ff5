import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { SEARCH_OPERATIONS as operations } from "@/lib/operations/search-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(implement(operations.search));
