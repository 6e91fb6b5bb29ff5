import { feedEventSql } from "@/lib/events/feed-event-sql";
import { historyEntrySql } from "@/lib/history/history-entry-sql";
import { rowTargetSql, singleWriteSql, type SingleWriteParam } from "@/lib/single-writes/single-write-sql";

// The event's data: the card's id, and the lines' when there were any (ids only already).
const DELETED_DATA = `(SELECT '{"cardIds":[' || to_json(g.id)::text || ']'
      || COALESCE(',"lineIds":[' || (SELECT string_agg(to_json(l.id)::text, ',') FROM gone_lines AS l) || ']', '') || '}' FROM gone_card AS g)`;

/**
 * DELETE /api/snaps/cards/:id as one statement (lib/single-writes/single-write-sql.ts): the card deleted
 * only where the caller may edit its snap, and the lines touching it with it (deleted here rather
 * than by the foreign keys' cascade, which runs only at the statement's end: the history snapshot
 * must not see them, and the change names them). `bumped` waits for both deletes. Answers one row:
 * found, editable, deleted.
 */
export const deleteCardSql = (inline: Partial<Record<"cardId" | SingleWriteParam, string>> = {}) =>
  singleWriteSql<"cardId">(
    (param, callerCanEdit) => ({
      write: `
    ${rowTargetSql("Card", param("cardId"), callerCanEdit)}, gone_card AS (
      DELETE FROM "Card" AS c USING target AS t WHERE c.id = t.id AND t.editable
      RETURNING c.id, c."snapId"
    ), gone_lines AS (
      DELETE FROM "Line" AS l USING gone_card AS g WHERE l."fromCardId" = g.id OR l."toCardId" = g.id
      RETURNING l.id
    )`,
      changedSnapId: `SELECT g."snapId" FROM gone_card AS g WHERE (SELECT count(*) FROM gone_lines) >= 0`,
      payload: `(SELECT jsonb_build_object('deletedCardIds', jsonb_build_array(g.id),
      'deletedLineIds', COALESCE((SELECT jsonb_agg(l.id) FROM gone_lines AS l), '[]'::jsonb)) FROM gone_card AS g)`,
      riders:
        historyEntrySql(
          param,
          `(SELECT CASE WHEN EXISTS (SELECT 1 FROM gone_lines)
      THEN json_build_object('deletedCardIds', json_build_array(g.id), 'deletedLineIds', (SELECT json_agg(l.id) FROM gone_lines AS l))
      ELSE json_build_object('deletedCardIds', json_build_array(g.id)) END
    FROM gone_card AS g)`,
        ) + feedEventSql(param, { type: "cards.deleted", data: DELETED_DATA, idsOnly: DELETED_DATA }),
      select: `t.id IS NOT NULL AS found, t.editable, EXISTS (SELECT 1 FROM gone_card) AS deleted`,
      from: `(SELECT 1) AS one LEFT JOIN target AS t ON true`,
    }),
    inline,
  );

export const DELETE_CARD_SQL = deleteCardSql();
