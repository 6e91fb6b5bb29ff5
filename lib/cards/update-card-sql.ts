import { feedEventSql } from "@/lib/events/feed-event-sql";
import { historyEntrySql } from "@/lib/history/history-entry-sql";
import { rowTargetSql, singleWriteSql, type SingleWriteParam } from "@/lib/single-writes/single-write-sql";
import { CARD_COLUMN_TYPES } from "../board-model/card-column-types";
import { cardEtagSql } from "./card-etag-sql";
import { cardSelect } from "../board-model/card-selects";

const columns = Object.entries(CARD_COLUMN_TYPES);
const cardColumns = Object.keys(cardSelect)
  .map((column) => `c."${column}"`)
  .join(", ");

/**
 * PATCH /api/snaps/cards/:id as one statement (lib/single-writes/single-write-sql.ts): the card and its
 * snap's access read (rowTargetSql); the card updated only where the caller may edit the snap and,
 * with If-Match (`ifMatch`: its tags, or NULL), where the card's current ETag is one of them. That
 * condition is in the UPDATE's own WHERE, so PostgreSQL checks it again on the newest row if another
 * write got there first. `fields` is the update as JSON (a field left out is NULL there, and no card column
 * is nullable, so it keeps its value); `fieldNames` the fields it sets, for the live change and
 * history. Answers one row: found, editable, and the card as written (NULL when nothing was).
 */
export const updateCardSql = (inline: Partial<Record<"cardId" | "fields" | "fieldNames" | "ifMatch" | SingleWriteParam, string>> = {}) =>
  singleWriteSql<"cardId" | "fields" | "fieldNames" | "ifMatch">((param, callerCanEdit) => {
    // The history's change ({updatedCards: {id: {field: value}}}) and its outline (value true).
    const updatedCardsSql = (value: string) => `(SELECT json_build_object('updatedCards', json_build_object(w.id, COALESCE((
      SELECT json_object_agg(f.key, ${value}) FROM json_each(row_to_json(w)) AS f WHERE f.key = ANY(${param("fieldNames")}::text[])), '{}'::json)))
    FROM written AS w)`;
    return {
      write: `
    ${rowTargetSql("Card", param("cardId"), callerCanEdit)}, written AS (
      UPDATE "Card" AS c SET ${columns.map(([name]) => `"${name}" = COALESCE(v."${name}", c."${name}")`).join(", ")}, "updatedAt" = now()
      FROM jsonb_to_record(${param("fields")}::jsonb) AS v(${columns.map(([name, type]) => `"${name}" ${type}`).join(", ")}), target AS t
      WHERE c.id = t.id AND t.editable
        AND (${param("ifMatch")}::text[] IS NULL OR ${cardEtagSql("c")} = ANY(${param("ifMatch")}::text[]))
      RETURNING ${cardColumns}
    )`,
      changedSnapId: `SELECT w."snapId" FROM written AS w`,
      payload: `(SELECT jsonb_build_object('cardFields', jsonb_build_object(w.id, to_jsonb(${param("fieldNames")}::text[]))) FROM written AS w)`,
      riders:
        historyEntrySql(param, updatedCardsSql("f.value"), updatedCardsSql("true")) +
        feedEventSql(param, {
          type: "cards.updated",
          data: `(SELECT '{"cards":[' || row_to_json(w)::text || ']}' FROM written AS w)`,
          idsOnly: `(SELECT '{"cardIds":[' || to_json(w.id)::text || ']}' FROM written AS w)`,
        }),
      select: `t.id IS NOT NULL AS found, t.editable, (SELECT row_to_json(w) FROM written AS w) AS card`,
      from: `(SELECT 1) AS one LEFT JOIN target AS t ON true`,
    };
  }, inline);

export const UPDATE_CARD_SQL = updateCardSql();
