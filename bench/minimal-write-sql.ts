/**
 * The least statement a card PATCH could be with the effects every write records (docs/PERFORMANCE.md,
 * "Single writes"): the card, its snap's version, the SnapEvent, a history entry, the feed event and
 * the NOTIFY; nothing checked, nothing pruned. What the app's statement is measured against, in
 * process (bench/write-statement.ts) and in the Next floor (scenario hm of bench/run.ts).
 * Parameters: $1 the card, $2 its new title, $3 the actor, $4 the actor's key, $5 the feed event's id.
 */
export const MINIMAL_CARD_UPDATE_SQL = `WITH written AS (
    UPDATE "Card" SET title = $2, "updatedAt" = now() WHERE id = $1 RETURNING *
  ), bumped AS (
    UPDATE "Snap" AS s SET version = s.version + 1, "updatedAt" = now() FROM written AS w WHERE s.id = w."snapId"
    RETURNING s.id, s.version, s."updatedAt"
  ), snap_event AS (
    INSERT INTO "SnapEvent" ("snapId", version, "actorUserId", "actorType", "actorApiKeyId", payload)
    SELECT b.id, b.version, $3, 'apiKey', $4, jsonb_build_object('cardFields', jsonb_build_object(w.id, '["title"]'::jsonb)) FROM bumped AS b, written AS w
  ), history AS (
    INSERT INTO "SnapHistory" ("snapId", version, "occurredAt", "actorType", "actorUserId", "actorApiKeyId", change, outline)
    SELECT b.id, b.version, b."updatedAt", 'apiKey', $3, $4, json_build_object('updatedCards', json_build_object(w.id, json_build_object('title', w.title))),
      json_build_object('updatedCards', json_build_object(w.id, json_build_object('title', true)))
    FROM bumped AS b, written AS w
  ), feed AS (
    INSERT INTO "FeedEvent" (id, type, "snapId", "snapVersion", "actorType", "actorUserId", "actorApiKeyId", data)
    SELECT $5, 'cards.updated', b.id, b.version, 'apiKey', $3, $4, json_build_object('cards', json_build_array(row_to_json(w))) FROM bumped AS b, written AS w
  )
  SELECT row_to_json(w) AS card, b.version, pg_notify('snap_events', b.id || ':' || b.version) FROM written AS w, bumped AS b`;
