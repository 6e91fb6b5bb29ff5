import { presenceUpdateSchema, snapEventsQuerySchema } from "@/lib/live/live-schemas";
import { declareOperation } from "./operation";
import { snapIdParam } from "./path-params";

/** A snap's live changes and who is editing what. */
export const LIVE_OPERATIONS = {
  streamSnapEvents: declareOperation({
    method: "get",
    path: "/api/snaps/{id}/events",
    operationId: "streamSnapEvents",
    tag: "Live",
    summary: "Stream a snap's changes (Server-Sent Events)",
    description:
      "Read access. The first message is `ready` ({version, connectionId, userId}); then `change` (id = the snap's new version: cards, cardFields, deletedCardIds, lines, deletedLineIds, snap, actor, baseVersion), `presence` (viewers), `reset` (refetch the snap), and at the end `access-revoked` or `deleted`. Resume with Last-Event-ID or ?since=<version>. A `: ping` comment every 20 s. " +
      "At most LIVE_MAX_STREAMS_PER_USER (default 20) open event streams per user per instance, notification streams included: past it, 429 with Retry-After.",
    pathParams: snapIdParam,
    query: snapEventsQuerySchema,
    requestHeaders: ["Last-Event-ID"],
    success: { status: 200, description: "The event stream (text/event-stream).", eventStream: true },
    errors: [400, 401, 403, 404, 429],
    access: "key-or-session",
  }),
  setPresence: declareOperation({
    method: "put",
    path: "/api/snaps/{id}/presence",
    operationId: "setPresence",
    tag: "Live",
    summary: "Say which card you are editing",
    description:
      "Read access. Marks the card you edit through one of your event streams (its connectionId from `ready`), or none; every stream on the snap gets `presence`.",
    pathParams: snapIdParam,
    body: { schema: presenceUpdateSchema, example: { connectionId: "c_x1Yb2Zc3Ad4Be5Cf", editingCardId: "cm3card0000000000000000001" } },
    success: { status: 204, description: "Recorded. No body." },
    errors: [400, 401, 403, 404, 413, 415],
    access: "key-or-session",
  }),
};
