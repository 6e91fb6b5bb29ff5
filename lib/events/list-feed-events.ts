import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { prismaSql } from "@/lib/db/prisma-sql";
import sql from "sql-template-tag";
import { eventRetentionDays } from "./event-config";
import { eventAccessJoinsSql, eventReadableBySql } from "./event-access-sql";
import type { EventFeedQuery, FeedEventBody } from "./event-schemas";
import { decodeFeedCursor, encodeFeedCursor } from "./feed-cursor";
import { toEventBody, type FeedEventRow } from "./to-event-body";

/** The data one page of the feed carries at most, beyond its first event (docs/API.md, "Bounds"). */
export const FEED_PAGE_BYTES = 4_000_000;

export interface FeedPage {
  events: FeedEventBody[];
  nextCursor: string | null;
  hasMore: boolean;
}

/**
 * GET /api/events: the caller's readable events after the cursor, oldest first. Only events whose
 * transaction is older than every transaction still running are read (pg_snapshot_xmin), in
 * (txid, seq) order: an event committed after this read always sorts after what it returned, so
 * a client polling with nextCursor never skips one (docs/ARCHITECTURE.md, "Webhooks and the event feed").
 */
export async function listFeedEvents(principal: Principal, query: EventFeedQuery): Promise<FeedPage> {
  const after = query.after === undefined ? null : decodeFeedCursor(query.after, eventRetentionDays());
  const conditions: Prisma.Sql[] = [
    Prisma.sql`e.txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`,
    prismaSql(eventReadableBySql(sql`${principal.userId}`, sql`${principal.workspaceId}`)),
  ];
  if (after) conditions.push(Prisma.sql`(e.txid, e.seq) > (${after.txid}::bigint, ${after.seq}::bigint)`);
  if (query.types?.length) conditions.push(Prisma.sql`e.type = ANY(${query.types}::text[])`);
  if (query.snapId) conditions.push(Prisma.sql`e."snapId" = ${query.snapId}`);
  // Events hold up to MAX_EVENT_BYTES of data each: past FEED_PAGE_BYTES of it the page ends early
  // (hasMore), and the rows after that point come without their data (only their count is used).
  const rows = await db.$queryRaw<(FeedEventRow & { inPage: boolean })[]>`
    SELECT p.seq, p.txid, p.id, p.type, p."snapId", p."snapVersion", p."actorType", p."actorUserId", p."actorApiKeyId", p."actorClientId", p."actorClientName",
      CASE WHEN p.before < ${FEED_PAGE_BYTES} THEN p.data END AS data, p.truncated, p."occurredAt", p.before < ${FEED_PAGE_BYTES} AS "inPage"
    FROM (
      SELECT e.seq::text AS seq, e.txid::text AS txid, e.id, e.type, e."snapId", e."snapVersion", e."actorType", e."actorUserId",
        e."actorApiKeyId", e."actorClientId", (SELECT c.name FROM "OAuthClient" AS c WHERE c.id = e."actorClientId") AS "actorClientName",
        e.data, e.truncated, e."occurredAt",
        COALESCE(sum(octet_length(e.data::text)) OVER (ORDER BY e.txid, e.seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
      FROM "FeedEvent" AS e
      ${prismaSql(eventAccessJoinsSql)}
      WHERE ${Prisma.join(conditions, " AND ")}
      ORDER BY e.txid, e.seq
      LIMIT ${query.limit + 1}
    ) AS p
    ORDER BY p.txid::bigint, p.seq::bigint`;
  const page = rows.filter((row) => row.inPage).slice(0, query.limit);
  const last = page.at(-1);
  // An empty page keeps the position but dates it now: nothing this caller could read lies after it,
  // so a client polling a quiet feed is not told its cursor expired.
  const nextCursor = last
    ? encodeFeedCursor({ txid: String(last.txid), seq: String(last.seq), at: last.occurredAt.getTime() })
    : after && encodeFeedCursor({ ...after, at: Date.now() });
  return { events: page.map(toEventBody), nextCursor, hasMore: rows.length > page.length };
}
