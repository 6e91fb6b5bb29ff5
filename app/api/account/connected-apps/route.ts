import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { listConnectedApps } from "@/lib/oauth/list-connected-apps";
import { CONNECTED_APP_OPERATIONS as operations } from "@/lib/operations/connected-app-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listConnectedApps, async ({ principal }) => ({ apps: await listConnectedApps(principal.userId) })),
);
