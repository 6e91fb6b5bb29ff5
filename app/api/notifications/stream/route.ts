import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { SSE_HEADERS } from "@/lib/live/sse";
import { openNotificationStream } from "@/lib/notifications/open-notification-stream";
import { COMMENT_OPERATIONS as operations } from "@/lib/operations/comment-operations";

// A long-lived stream per request: never prerendered or cached.
export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.streamNotifications, async ({ request, principal }) => {
    return new Response(await openNotificationStream(principal, request.signal), { headers: SSE_HEADERS });
  }),
);
