/**
 * A change's outline (ids and field names, no values) made from the change in SQL, as
 * lib/history/outline-history-change.ts makes it in TypeScript: for single writes, whose change is
 * built in their statement, and for entries written before SnapHistory.outline existed, so that the
 * server never reads a whole change (up to a batch's 8 MB) to list it. `change` is a json expression.
 */
export function changeOutlineSql(change: string): string {
  return `
  (SELECT COALESCE(json_object_agg(o.key, o.value ORDER BY o.n) FILTER (WHERE o.value IS NOT NULL AND o.value::text <> 'null'), '{}'::json)
   FROM json_each(json_build_object(
     'createdSnap', ${change}->'createdSnap',
     'restoredFrom', ${change}->'restoredFrom',
     'deletedCardIds', ${change}->'deletedCardIds',
     'deletedLineIds', ${change}->'deletedLineIds',
     'createdCards', (SELECT json_agg(json_build_object('id', e.value->'id') ORDER BY e.n) FROM json_array_elements(
        CASE WHEN json_typeof(${change}->'createdCards') = 'array' THEN ${change}->'createdCards' END) WITH ORDINALITY AS e(value, n)),
     'createdLines', (SELECT json_agg(json_build_object('id', e.value->'id') ORDER BY e.n) FROM json_array_elements(
        CASE WHEN json_typeof(${change}->'createdLines') = 'array' THEN ${change}->'createdLines' END) WITH ORDINALITY AS e(value, n)),
     'updatedLines', (SELECT json_agg(json_build_object('id', e.value->'id') ORDER BY e.n) FROM json_array_elements(
        CASE WHEN json_typeof(${change}->'updatedLines') = 'array' THEN ${change}->'updatedLines' END) WITH ORDINALITY AS e(value, n)),
     'updatedCards', (SELECT json_object_agg(c.key, (SELECT COALESCE(json_object_agg(f.key, true ORDER BY f.n), '{}'::json)
          FROM json_object_keys(CASE WHEN json_typeof(c.value) = 'object' THEN c.value END) WITH ORDINALITY AS f(key, n)) ORDER BY c.n)
        FROM json_each(CASE WHEN json_typeof(${change}->'updatedCards') = 'object' THEN ${change}->'updatedCards' END) WITH ORDINALITY AS c(key, value, n)),
     'snap', (SELECT json_object_agg(sf.key, CASE WHEN sf.key = 'folderId' THEN sf.value ELSE 'true'::json END ORDER BY sf.n)
        FROM json_each(CASE WHEN json_typeof(${change}->'snap') = 'object' THEN ${change}->'snap' END) WITH ORDINALITY AS sf(key, value, n))
   )) WITH ORDINALITY AS o(key, value, n))`;
}
