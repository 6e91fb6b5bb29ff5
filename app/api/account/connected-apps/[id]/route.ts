import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { revokeConnectedApp } from "@/lib/oauth/revoke-connected-app";
import { CONNECTED_APP_OPERATIONS as operations } from "@/lib/operations/connected-app-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.revokeConnectedApp, async ({ principal, params }) => {
    await revokeConnectedApp(principal.userId, params.id);
    return { success: true };
  }),
);
