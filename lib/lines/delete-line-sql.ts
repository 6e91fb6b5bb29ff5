import { feedEventSql } from "@/lib/events/feed-event-sql";
import { historyEntrySql } from "@/lib/history/history-entry-sql";
import { rowTargetSql, singleWriteSql } from "@/lib/single-writes/single-write-sql";

const DELETED_DATA = `(SELECT '{"lineIds":[' || to_json(g.id)::text || ']}' FROM gone AS g)`;

/**
 * DELETE /api/lines/:id as one statement (lib/single-writes/single-write-sql.ts): the line deleted only
 * where the caller may edit its snap. Answers one row: found, editable, deleted.
 */
export const DELETE_LINE_SQL = singleWriteSql<"lineId">((param, callerCanEdit) => ({
  write: `
    ${rowTargetSql("Line", param("lineId"), callerCanEdit)}, gone AS (
      DELETE FROM "Line" AS l USING target AS t WHERE l.id = t.id AND t.editable
      RETURNING l.id, l."snapId"
    )`,
  changedSnapId: `SELECT g."snapId" FROM gone AS g`,
  payload: `(SELECT jsonb_build_object('deletedLineIds', jsonb_build_array(g.id)) FROM gone AS g)`,
  riders:
    historyEntrySql(param, `(SELECT json_build_object('deletedLineIds', json_build_array(g.id)) FROM gone AS g)`) +
    feedEventSql(param, { type: "lines.deleted", data: DELETED_DATA, idsOnly: DELETED_DATA }),
  select: `t.id IS NOT NULL AS found, t.editable, EXISTS (SELECT 1 FROM gone) AS deleted`,
  from: `(SELECT 1) AS one LEFT JOIN target AS t ON true`,
}));
