import type { NamedSql } from "@/lib/db/named-sql";
import { feedEventSql } from "@/lib/events/feed-event-sql";
import { historyEntrySql } from "@/lib/history/history-entry-sql";
import { singleWriteSql, type SingleWriteParam } from "@/lib/single-writes/single-write-sql";
import { CARD_COLUMN_TYPES, type CardColumn } from "../board-model/card-column-types";
import { cardSelect } from "../board-model/card-selects";

type CreateCardParam = "snapId" | "cardId" | "fields" | "fieldNames" | SingleWriteParam;

const cardColumns = Object.keys(cardSelect)
  .map((column) => `c."${column}"`)
  .join(", ");
const statements = new Map<string, NamedSql<CreateCardParam>>();
/** Texts kept, at most (fields sets a client chooses: past this they are built per request). */
const MAX_STATEMENTS = 64;

/**
 * POST /api/snaps/cards/:id as one statement (lib/single-writes/single-write-sql.ts): the snap and the
 * caller's access read; the card inserted only where the caller may edit the snap. A column the
 * card leaves out is not listed, so schema.prisma's defaults stay the only ones: one text per set
 * of fields given (few in practice; each prepared once per connection, lib/db/row-reader.ts). Answers one row: found,
 * editable, and the card as inserted (NULL when it was not).
 */
export function createCardSql(fields: readonly CardColumn[], inline: Partial<Record<CreateCardParam, string>> = {}): NamedSql<CreateCardParam> {
  const key = fields.join(",");
  let statement = Object.keys(inline).length ? undefined : statements.get(key);
  if (!statement) {
    statement = singleWriteSql<"snapId" | "cardId" | "fields" | "fieldNames">(
      (param, callerCanEdit) => ({
        write: `
        target AS (SELECT s.id, ${callerCanEdit("s")} AS editable FROM "Snap" AS s WHERE s.id = ${param("snapId")}
        ), written AS (
          INSERT INTO "Card" AS c (${["id", "snapId", ...fields].map((name) => `"${name}"`).join(", ")})
          SELECT ${[param("cardId"), "t.id", ...fields.map((name) => `v."${name}"`)].join(", ")}
          FROM target AS t, jsonb_to_record(${param("fields")}::jsonb) AS v(${[...fields.map((name) => `"${name}" ${CARD_COLUMN_TYPES[name]}`)].join(", ")})
          WHERE t.editable
          RETURNING ${cardColumns}
        )`,
        changedSnapId: `SELECT w."snapId" FROM written AS w`,
        payload: `(SELECT jsonb_build_object('cardFields', jsonb_build_object(w.id, to_jsonb(${param("fieldNames")}::text[]))) FROM written AS w)`,
        riders:
          historyEntrySql(
            param,
            `(SELECT json_build_object('createdCards', json_build_array(row_to_json(w))) FROM written AS w)`,
            `(SELECT json_build_object('createdCards', json_build_array(json_build_object('id', w.id))) FROM written AS w)`,
          ) +
          feedEventSql(param, {
            type: "cards.created",
            data: `(SELECT '{"cards":[' || row_to_json(w)::text || ']}' FROM written AS w)`,
            idsOnly: `(SELECT '{"cardIds":[' || to_json(w.id)::text || ']}' FROM written AS w)`,
          }),
        select: `t.id IS NOT NULL AS found, t.editable, (SELECT row_to_json(w) FROM written AS w) AS card`,
        from: `(SELECT 1) AS one LEFT JOIN target AS t ON true`,
      }),
      inline,
    );
    if (!Object.keys(inline).length && statements.size < MAX_STATEMENTS) statements.set(key, statement);
  }
  return statement;
}
