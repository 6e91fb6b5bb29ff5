import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { setPresenceEditing } from "@/lib/live/set-presence-editing";
import { LIVE_OPERATIONS as operations } from "@/lib/operations/live-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.setPresence, async ({ principal, params, body }) => {
    await setPresenceEditing(principal, params.id, body);
    return new Response(null, { status: 204 });
  }),
);
