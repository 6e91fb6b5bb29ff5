import { randomBytes } from "node:crypto";
import type { Tx } from "@/lib/db/run-transaction";
import type { WriteActor } from "@/lib/live/write-actor";
import { FANOUT_TASK, JOB_MAX_ATTEMPTS } from "@/lib/webhooks/job-names";
import { MAX_EVENT_BYTES } from "@/lib/webhooks/webhook-config";
import type { EventType } from "./event-types";

export interface FeedEventInput {
  type: Exclude<EventType, "webhook.test">;
  snapId: string;
  /** Known for snap.created and snap.deleted; otherwise read from the snap, which this write moved. */
  snapVersion?: number;
  data: Record<string, unknown>;
  /** Ids only, for a body over MAX_EVENT_BYTES. */
  idsOnly: () => Record<string, unknown>;
  /** snap.deleted: who could read the snap, so its events stay visible to them alone. */
  deleted?: { userId: string; workspaceId: string; shared: boolean };
}

// Room for the envelope (id, type, actor, ...) around data.
const ENVELOPE_BYTES = 1024;

/**
 * Records a write's events for the feed and webhooks in the write's own transaction, in one
 * statement: the FeedEvent rows and, when any webhook is enabled, one fan-out job (graphile-worker's
 * add_job, so the job commits with the write or not at all). Cards are stored whole, as the write
 * left them (docs/ARCHITECTURE.md, "Webhooks and the event feed", says why and what it costs).
 */
export async function recordFeedEvents(tx: Tx, actor: WriteActor, events: readonly FeedEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => {
    let data = event.data;
    let truncated = false;
    if (Buffer.byteLength(JSON.stringify(data)) > MAX_EVENT_BYTES - ENVELOPE_BYTES) {
      data = event.idsOnly();
      truncated = true;
    }
    return {
      id: `evt_${randomBytes(16).toString("base64url")}`,
      type: event.type,
      snapId: event.snapId,
      snapVersion: event.snapVersion ?? null,
      data,
      truncated,
      deletedUserId: event.deleted?.userId ?? null,
      deletedWorkspaceId: event.deleted?.workspaceId ?? null,
      deletedShared: event.deleted?.shared ?? null,
    };
  });
  await tx.$queryRaw`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS i(id text, type text, "snapId" text, "snapVersion" int, data jsonb,
        truncated boolean, "deletedUserId" text, "deletedWorkspaceId" text, "deletedShared" boolean)
    ), inserted AS (
      INSERT INTO "FeedEvent" (id, type, "snapId", "snapVersion", "actorType", "actorUserId", "actorApiKeyId", data, truncated,
        "deletedUserId", "deletedWorkspaceId", "deletedShared")
      SELECT i.id, i.type, i."snapId", COALESCE(i."snapVersion", (SELECT s.version FROM "Snap" AS s WHERE s.id = i."snapId")),
        ${actor.type}, ${actor.userId}, ${actor.apiKeyId}, i.data, i.truncated, i."deletedUserId", i."deletedWorkspaceId", i."deletedShared"
      FROM input AS i
      RETURNING seq
    )
    SELECT (graphile_worker.add_job(${FANOUT_TASK}::text, json_build_object('seqs', (SELECT json_agg(seq::text) FROM inserted)),
      max_attempts := ${JOB_MAX_ATTEMPTS}::int)).id::text AS "jobId"
    WHERE EXISTS (SELECT 1 FROM "Webhook" WHERE enabled)`;
}
