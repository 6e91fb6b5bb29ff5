import { feedEventSql } from "@/lib/events/feed-event-sql";
import { historyEntrySql } from "@/lib/history/history-entry-sql";
import { rowTargetSql, singleWriteSql, type SingleWriteParam } from "@/lib/single-writes/single-write-sql";
import { lineSelect } from "../board-model/line-selects";

const lineColumns = Object.keys(lineSelect)
  .map((column) => `l."${column}"`)
  .join(", ");

/**
 * PATCH /api/lines/:id as one statement (lib/single-writes/single-write-sql.ts): the line updated only where
 * the caller may edit its snap; a look the update leaves out (NULL in `fields`) keeps its value.
 * Answers one row: found, editable, and the line as written (NULL when nothing was).
 */
export const updateLineSql = (inline: Partial<Record<"lineId" | "fields" | SingleWriteParam, string>> = {}) =>
  singleWriteSql<"lineId" | "fields">(
    (param, callerCanEdit) => ({
      write: `
    ${rowTargetSql("Line", param("lineId"), callerCanEdit)}, written AS (
      UPDATE "Line" AS l SET color = COALESCE(v.color, l.color), style = COALESCE(v.style, l.style), arrow = COALESCE(v.arrow, l.arrow), "updatedAt" = now()
      FROM jsonb_to_record(${param("fields")}::jsonb) AS v(color text, style "LineStyle", arrow "LineArrow"), target AS t
      WHERE l.id = t.id AND t.editable
      RETURNING ${lineColumns}
    )`,
      changedSnapId: `SELECT w."snapId" FROM written AS w`,
      payload: `(SELECT jsonb_build_object('lines', jsonb_build_array(to_jsonb(w))) FROM written AS w)`,
      riders:
        historyEntrySql(
          param,
          `(SELECT json_build_object('updatedLines', json_build_array(row_to_json(w))) FROM written AS w)`,
          `(SELECT json_build_object('updatedLines', json_build_array(json_build_object('id', w.id))) FROM written AS w)`,
        ) +
        feedEventSql(param, {
          type: "lines.updated",
          data: `(SELECT '{"lines":[' || row_to_json(w)::text || ']}' FROM written AS w)`,
          idsOnly: `(SELECT '{"lineIds":[' || to_json(w.id)::text || ']}' FROM written AS w)`,
        }),
      select: `t.id IS NOT NULL AS found, t.editable, (SELECT row_to_json(w) FROM written AS w) AS line`,
      from: `(SELECT 1) AS one LEFT JOIN target AS t ON true`,
    }),
    inline,
  );

export const UPDATE_LINE_SQL = updateLineSql();
