import "server-only";
import { queryRows } from "@/lib/db/query-rows";
import type { SearchTerm } from "./parse-search-text";

/** The two tsqueries of a search, as PostgreSQL's own tsquery text (quoted and escaped by it). */
export interface SearchQuery {
  /** Every term: the positive ones AND-ed, the negated ones as NOT. Filters through the GIN indexes. */
  match: string;
  /** The positive terms only: what a title must contain to rank first, and what snippets highlight. */
  positive: string;
}

// A constant text whose plan suits every value: prepared once per connection (lib/db/query-rows.ts).
// A prefix marks the phrase's last lexeme; tsquery output always ends with a quoted lexeme.
const BUILD_QUERY = `
  SELECT
    string_agg(CASE WHEN t.negated THEN '!' ELSE '' END || t.operand, ' & ' ORDER BY t.ord) AS "match",
    string_agg(t.operand, ' & ' ORDER BY t.ord) FILTER (WHERE NOT t.negated) AS "positive"
  FROM (
    SELECT u.ord, u.negated,
      '(' || q::text || CASE WHEN u.prefix AND right(q::text, 1) = '''' THEN ':*' ELSE '' END || ')' AS operand
    FROM unnest($1::text[], $2::boolean[], $3::boolean[]) WITH ORDINALITY AS u(text, negated, prefix, ord)
    CROSS JOIN LATERAL phraseto_tsquery('snap_search', u.text) AS q
    WHERE numnode(q) > 0
  ) t`;

/**
 * Turns terms into tsqueries inside PostgreSQL: each term's text goes through phraseto_tsquery
 * with the snap_search configuration, the same parser and dictionaries (lower case, accents folded)
 * as the indexed text, and never a syntax error whatever it holds. The results are combined from
 * PostgreSQL's own output text, so user text is never parsed as tsquery syntax. Null when no term
 * has a word to look for, or only negated ones do (a search must name something to find).
 */
export async function buildSearchQuery(terms: SearchTerm[]): Promise<SearchQuery | null> {
  if (!terms.some((term) => !term.negated)) return null;
  const [row] = await queryRows<{ match: string | null; positive: string | null }>(BUILD_QUERY, [
    terms.map((term) => term.text),
    terms.map((term) => term.negated),
    terms.map((term) => term.prefix),
  ]);
  if (!row?.match || !row.positive) return null;
  return { match: row.match, positive: row.positive };
}
