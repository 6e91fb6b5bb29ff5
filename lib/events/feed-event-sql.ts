import { Prisma } from "@/lib/db/generated/client";
import { FEED_OUTBOX_CTE, MAX_EVENT_DATA_BYTES } from "./event-config";
import type { EventType } from "./event-types";

/**
 * The FeedEvent rows of a write and, when any webhook is enabled, their seqs in the webhooks'
 * outbox, as CTEs (data-modifying, so they run whether or not the statement reads them, and commit
 * with the write or not at all): for batches (record-feed-events.ts, `rows` as VALUES of
 * parameters) and single writes (feedEventSql, `rows` a SELECT from `bumped`) alike. `rows` gives
 * the columns in this order: id, type, "snapId", "snapVersion", the actor's type, user, key and
 * client, data (json), truncated, and for snap.deleted who could read the snap.
 */
export function feedInsertedCtes(rows: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`feed_inserted AS (
      INSERT INTO "FeedEvent" (id, type, "snapId", "snapVersion", "actorType", "actorUserId", "actorApiKeyId", "actorClientId", data, truncated,
        "deletedUserId", "deletedWorkspaceId", "deletedShared")
      ${rows}
      RETURNING seq
    ), ${Prisma.raw(FEED_OUTBOX_CTE)}`;
}

/**
 * The feed event of a single write (lib/single-writes/single-write-sql.ts), as CTEs of its
 * statement: feedInsertedCtes for the one snap in `bumped`, with the version the statement moved it
 * to. `data` and `idsOnly` are SQL giving the event's data as JSON text, in JSON.stringify's form
 * (no spaces: webhook bodies splice the stored text, lib/events/to-event-body.ts); idsOnly is
 * stored instead when data is over the event size limit.
 */
export function feedEventSql(
  param: (name: "eventId" | "actorType" | "actorUserId" | "actorApiKeyId" | "actorClientId") => string,
  event: { type: Exclude<EventType, "webhook.test">; data: string; idsOnly: string },
): string {
  const rows =
    Prisma.raw(`SELECT ${param("eventId")}, '${event.type}', b.id, b.version, ${param("actorType")}, ${param("actorUserId")}, ${param("actorApiKeyId")}, ${param("actorClientId")},
        (CASE WHEN d.truncated THEN ${event.idsOnly} ELSE fd.full_data END)::json, d.truncated, NULL, NULL, NULL::boolean
      FROM bumped AS b, feed_data AS fd, LATERAL (SELECT octet_length(fd.full_data) > ${MAX_EVENT_DATA_BYTES} AS truncated) AS d`);
  return `
    , feed_data AS (SELECT ${event.data} AS full_data)
    , ${feedInsertedCtes(rows).text}`;
}
