import type { NamedSql } from "@/lib/db/named-sql";
import { feedEventSql } from "@/lib/events/feed-event-sql";
import { historyEntrySql } from "@/lib/history/history-entry-sql";
import { singleWriteSql, type SingleWriteParam } from "@/lib/single-writes/single-write-sql";
import { lineSelect } from "../board-model/line-selects";

/** The looks a new line may leave out, and their SQL types. */
export const LINE_LOOK_TYPES = { color: "text", style: '"LineStyle"', arrow: '"LineArrow"' } as const;
export type LineLook = keyof typeof LINE_LOOK_TYPES;
type CreateLineParam = "snapId" | "lineId" | "fromCardId" | "toCardId" | "fields" | SingleWriteParam;

const lineColumns = Object.keys(lineSelect)
  .map((column) => `l."${column}"`)
  .join(", ");
const statements = new Map<string, NamedSql<CreateLineParam>>();

/**
 * POST /api/snaps/:id/lines as one statement (lib/single-writes/single-write-sql.ts): the snap, the
 * caller's access and whether each card is in that snap read; the line inserted only where the
 * caller may edit the snap and both cards are in it. A look left out is not listed (the schema's
 * default applies): one text per set of looks given. Answers one row: found, editable, fromInSnap,
 * toInSnap, and the line (NULL when none was inserted). (`_` in the record type: a record needs a
 * column when no look is given.)
 */
export function createLineSql(looks: readonly LineLook[]): NamedSql<CreateLineParam> {
  const key = looks.join(",");
  let statement = statements.get(key);
  if (!statement) {
    statement = singleWriteSql<"snapId" | "lineId" | "fromCardId" | "toCardId" | "fields">((param, callerCanEdit) => ({
      write: `
        target AS (
          SELECT s.id, ${callerCanEdit("s")} AS editable,
            EXISTS (SELECT 1 FROM "Card" AS c WHERE c.id = ${param("fromCardId")} AND c."snapId" = s.id) AS "fromInSnap",
            EXISTS (SELECT 1 FROM "Card" AS c WHERE c.id = ${param("toCardId")} AND c."snapId" = s.id) AS "toInSnap"
          FROM "Snap" AS s WHERE s.id = ${param("snapId")}
        ), written AS (
          INSERT INTO "Line" AS l (${["id", "snapId", "fromCardId", "toCardId", ...looks].map((name) => `"${name}"`).join(", ")})
          SELECT ${[param("lineId"), "t.id", param("fromCardId"), param("toCardId"), ...looks.map((name) => `v."${name}"`)].join(", ")}
          FROM target AS t, jsonb_to_record(${param("fields")}::jsonb) AS v(${["_ int", ...looks.map((name) => `"${name}" ${LINE_LOOK_TYPES[name]}`)].join(", ")})
          WHERE t.editable AND t."fromInSnap" AND t."toInSnap"
          RETURNING ${lineColumns}
        )`,
      changedSnapId: `SELECT w."snapId" FROM written AS w`,
      payload: `(SELECT jsonb_build_object('lines', jsonb_build_array(to_jsonb(w))) FROM written AS w)`,
      riders:
        historyEntrySql(
          param,
          `(SELECT json_build_object('createdLines', json_build_array(row_to_json(w))) FROM written AS w)`,
          `(SELECT json_build_object('createdLines', json_build_array(json_build_object('id', w.id))) FROM written AS w)`,
        ) +
        feedEventSql(param, {
          type: "lines.created",
          data: `(SELECT '{"lines":[' || row_to_json(w)::text || ']}' FROM written AS w)`,
          idsOnly: `(SELECT '{"lineIds":[' || to_json(w.id)::text || ']}' FROM written AS w)`,
        }),
      select: `t.id IS NOT NULL AS found, t.editable, t."fromInSnap", t."toInSnap", (SELECT row_to_json(w) FROM written AS w) AS line`,
      from: `(SELECT 1) AS one LEFT JOIN target AS t ON true`,
    }));
    statements.set(key, statement);
  }
  return statement;
}
