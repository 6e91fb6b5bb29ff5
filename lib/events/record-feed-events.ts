import "server-only";
import { randomBytes } from "node:crypto";
import { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/run-transaction";
import type { SnapChangeRider } from "@/lib/live/snap-change-rider";
import type { WriteActor } from "@/lib/live/write-actor";
import { MAX_EVENT_DATA_BYTES } from "./event-config";
import { feedInsertedCtes } from "./feed-event-sql";
import type { EventType } from "./event-types";

export interface FeedEventInput {
  type: Exclude<EventType, "webhook.test">;
  snapId: string;
  /** Known for snap.created and snap.deleted; otherwise the version the write moved the snap to. */
  snapVersion?: number;
  data: Record<string, unknown>;
  /** Ids only, for data over MAX_EVENT_DATA_BYTES. */
  idsOnly: () => Record<string, unknown>;
  /** snap.deleted: who could read the snap, so its events stay visible to them alone. */
  deleted?: { userId: string; workspaceId: string; shared: boolean };
}

// 12 parameters an event: well within PostgreSQL's 65,535 a statement.
const EVENTS_PER_STATEMENT = 1000;

/**
 * A write's events for the feed and webhooks, recorded in recordSnapChanges' statement (a rider:
 * no round trip of its own), each with the version that statement moved its snap to.
 *   await recordSnapChanges(tx, actor, changes, [snapHistory(...), feedEvents(cardEvents("cards.updated", updated))]);
 */
export function feedEvents(events: readonly FeedEventInput[]): SnapChangeRider {
  return ({ actor }) =>
    events.length === 0
      ? Prisma.empty
      : Prisma.sql`, ${feedEventsCtes(actor, events, (snapId) => Prisma.sql`(SELECT b.version FROM bumped AS b WHERE b.id = ${snapId})`)}`;
}

/**
 * The same as statements of their own, for writes whose events do not follow recordSnapChanges
 * (a snap's creation, deletion, update): each event with its snap's version as the write left it.
 * In slices, so that a folder of thousands of snaps stays within a statement's parameters.
 */
export async function recordFeedEvents(tx: Tx, actor: WriteActor, events: readonly FeedEventInput[]): Promise<void> {
  for (let start = 0; start < events.length; start += EVENTS_PER_STATEMENT) {
    const slice = events.slice(start, start + EVENTS_PER_STATEMENT);
    await tx.$executeRaw`WITH ${feedEventsCtes(actor, slice, (snapId) => Prisma.sql`(SELECT s.version FROM "Snap" AS s WHERE s.id = ${snapId})`)} SELECT 1`;
  }
}

/**
 * A write's events as feedInsertedCtes' rows (feed-event-sql.ts). Cards are stored whole, as the
 * write left them, each event's data as one `json` parameter that PostgreSQL stores as given:
 * converting it to jsonb, or reading it out of one document of all the rows, cost the write twice
 * to three times as much (docs/ARCHITECTURE.md, "Webhooks and the event feed"; figures in
 * docs/PERFORMANCE.md). The outbox row is all a write pays for webhooks: its NOTIFY (sent on
 * commit) wakes a fan-out, which sends the outbox in batches (lib/webhooks/fan-out-events.ts).
 */
function feedEventsCtes(actor: WriteActor, events: readonly FeedEventInput[], versionOf: (snapId: string) => Prisma.Sql): Prisma.Sql {
  const rows = events.map((event) => {
    let data = JSON.stringify(event.data);
    let truncated = false;
    if (Buffer.byteLength(data) > MAX_EVENT_DATA_BYTES) {
      data = JSON.stringify(event.idsOnly());
      truncated = true;
    }
    const version = event.snapVersion === undefined ? versionOf(event.snapId) : Prisma.sql`${event.snapVersion}::int`;
    return Prisma.sql`(${`evt_${randomBytes(16).toString("base64url")}`}, ${event.type}, ${event.snapId}, ${version}, ${actor.type}, ${actor.userId},
      ${actor.apiKeyId}, ${actor.clientId}, ${data}::json, ${truncated}, ${event.deleted?.userId ?? null}, ${event.deleted?.workspaceId ?? null}, ${event.deleted?.shared ?? null}::boolean)`;
  });
  return feedInsertedCtes(Prisma.sql`VALUES ${Prisma.join(rows)}`);
}
