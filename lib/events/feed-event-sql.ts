import { FEED_OUTBOX_CTE, MAX_EVENT_DATA_BYTES } from "./event-config";
import type { EventType } from "./event-types";

/**
 * The feed event of a single write (lib/single-writes/single-write-sql.ts) and, when a webhook is enabled,
 * its seq in the webhooks' outbox, as CTEs of its statement: what record-feed-events.ts's
 * feedEventsCtes does, for the one snap in `bumped`, with the version the statement moved it to.
 * `data` and `idsOnly` are SQL giving the event's data as JSON text, in JSON.stringify's form (no
 * spaces: webhook bodies splice the stored text, lib/events/to-event-body.ts); idsOnly is stored
 * instead when data is over the event size limit.
 */
export function feedEventSql(
  param: (name: "eventId" | "actorType" | "actorUserId" | "actorApiKeyId" | "actorClientId") => string,
  event: { type: Exclude<EventType, "webhook.test">; data: string; idsOnly: string },
): string {
  return `
    , feed_data AS (SELECT ${event.data} AS full_data)
    , feed_inserted AS (
      INSERT INTO "FeedEvent" (id, type, "snapId", "snapVersion", "actorType", "actorUserId", "actorApiKeyId", "actorClientId", data, truncated)
      SELECT ${param("eventId")}, '${event.type}', b.id, b.version, ${param("actorType")}, ${param("actorUserId")}, ${param("actorApiKeyId")}, ${param("actorClientId")},
        (CASE WHEN d.truncated THEN ${event.idsOnly} ELSE fd.full_data END)::json, d.truncated
      FROM bumped AS b, feed_data AS fd, LATERAL (SELECT octet_length(fd.full_data) > ${MAX_EVENT_DATA_BYTES} AS truncated) AS d
      RETURNING seq
    ), ${FEED_OUTBOX_CTE}`;
}
