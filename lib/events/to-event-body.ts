import type { FeedEventBody } from "./event-schemas";

/** A FeedEvent row as read by the feed and the webhook sender. */
export interface FeedEventRow {
  seq: bigint | string;
  txid: bigint | string;
  id: string;
  type: string;
  snapId: string;
  snapVersion: number | null;
  actorType: string;
  actorUserId: string;
  actorApiKeyId: string | null;
  /** An `oauthApp` write's client, and its name as it is now. */
  actorClientId?: string | null;
  actorClientName?: string | null;
  data: unknown;
  truncated: boolean;
  occurredAt: Date;
}

/** The event as every reader sees it: the feed, webhook bodies. */
export function toEventBody(row: FeedEventRow): FeedEventBody {
  return {
    id: row.id,
    type: row.type as FeedEventBody["type"],
    occurredAt: row.occurredAt.toISOString(),
    snapId: row.snapId,
    snapVersion: row.snapVersion,
    actor: {
      type: row.actorType as FeedEventBody["actor"]["type"],
      userId: row.actorUserId,
      apiKeyId: row.actorApiKeyId,
      ...(row.actorType === "oauthApp" ? { clientId: row.actorClientId ?? "", clientName: row.actorClientName ?? "Removed app" } : {}),
    },
    data: row.data as Record<string, unknown>,
    ...(row.truncated ? { truncated: true as const } : {}),
  };
}

/**
 * The same event as JSON text, byte for byte JSON.stringify(toEventBody(row)) when `dataText` is
 * JSON.stringify(row.data): data goes in as the text the feed row stores (a `json` column keeps its
 * input as given), so a webhook body costs no parse and re-serialization of the cards, and every
 * retry sends the same bytes.
 */
export function toEventBodyText(row: Omit<FeedEventRow, "data">, dataText: string): string {
  const { id, type, occurredAt, snapId, snapVersion, actor, truncated } = toEventBody({ ...row, data: null });
  const envelope = JSON.stringify({ id, type, occurredAt, snapId, snapVersion, actor });
  return `${envelope.slice(0, -1)},"data":${dataText}${truncated ? ',"truncated":true' : ""}}`;
}
