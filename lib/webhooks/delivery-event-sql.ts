import "server-only";
import sql from "sql-template-tag";

/**
 * The FeedEvent row `e` as a delivery reads it: its envelope (every field but data) as json, and
 * its data as the text stored, which the body splices in unparsed (toEventBodyText).
 */
export const deliveryEventEnvelopeSql = sql`json_build_object('seq', e.seq::text, 'txid', e.txid::text, 'id', e.id, 'type', e.type,
  'snapId', e."snapId", 'snapVersion', e."snapVersion", 'actorType', e."actorType", 'actorUserId', e."actorUserId",
  'actorApiKeyId', e."actorApiKeyId", 'actorClientId', e."actorClientId",
  'actorClientName', (SELECT c.name FROM "OAuthClient" AS c WHERE c.id = e."actorClientId"), 'truncated', e.truncated, 'occurredAt', e."occurredAt")`;
