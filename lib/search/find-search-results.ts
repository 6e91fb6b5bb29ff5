import "server-only";
import type { Principal } from "@/lib/request/principal";
import { pool } from "@/lib/db/pool";
import { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/errors/api-error";
import { buildSearchQuery } from "./build-search-query";
import { buildSnippet, HIGHLIGHT_END, HIGHLIGHT_START } from "./build-snippet";
import { parseSearchText } from "./parse-search-text";
import { SEARCH_BRANCHES, type BranchContext } from "./search-branches";
import { decodeSearchCursor, encodeSearchCursor } from "./search-cursor";
import { SEARCH_TYPES, type SearchResponse, type SearchResult, type SearchType } from "./search-schemas";

export interface SearchOptions {
  q: string;
  types?: SearchType[];
  snapId?: string;
  limit: number;
  cursor?: string;
}

interface HitRow {
  type: SearchType;
  id: string;
  snapId: string;
  snapTitle: string;
  /** Where the snap is, to tell apart boards of the same title: its folder (if filed) and its owner. */
  folderName: string | null;
  ownerName: string;
  cardId: string | null;
  row: number | null;
  col: number | null;
  cellType: string | null;
  commentId: string | null;
  commentCardId: string | null;
  inTitle: boolean;
  updatedAt: Date;
  title: string;
  /** The fragment of the body (or title) with the matches marked, and whether text was left out before or after it. */
  headline: string;
  cutStart: boolean;
  cutEnd: boolean;
}

// ts_headline marks the matches with private-use characters. A text of up to WHOLE_TEXT characters
// comes back whole (buildSnippet cuts the window around the first match); a longer one as one
// fragment stretched around the best cover of the words (which may drop a last word: cutEnd says so).
const MARKED = `StartSel="${HIGHLIGHT_START}", StopSel="${HIGHLIGHT_END}", ShortWord=0`;
const WHOLE_TEXT = 1000;
const HEADLINE_WHOLE = `${MARKED}, HighlightAll=true`;
const HEADLINE_FRAGMENT = `${MARKED}, MaxWords=35, MinWords=15, MaxFragments=1`;
const MARKERS = HIGHLIGHT_START + HIGHLIGHT_END;
const ORDER = Prisma.raw(`"inTitle" DESC, "updatedAt" DESC, type DESC, id DESC`);

/**
 * GET /api/search: what the caller can read that matches q, title matches first, then newest
 * first, one page (docs/ARCHITECTURE.md, "Search"). Two statements: the tsqueries from the terms,
 * then one statement whose branches (one per kind, lib/search/search-branches.ts) each filter
 * through their GIN index and the caller's access, merged, ordered and cut after the cursor; the
 * page's snippets are computed for the page's rows only.
 */
export async function findSearchResults(principal: Principal, options: SearchOptions): Promise<SearchResponse> {
  const after = options.cursor === undefined ? null : decodeSearchCursor(options.cursor);
  if (options.cursor !== undefined && !after) throw new ApiError("BAD_REQUEST", "Invalid query", [{ path: "cursor", message: "Not a valid cursor" }]);
  const query = await buildSearchQuery(parseSearchText(options.q));
  const types = (options.types?.length ? options.types : SEARCH_TYPES).filter((type) => SEARCH_BRANCHES[type]);
  if (!query || !types.length) return { results: [], nextCursor: null, hasMore: false };

  const context: BranchContext = { principal, match: query.match, positive: query.positive, snapId: options.snapId };
  const branches = types.map((type) => SEARCH_BRANCHES[type]!);
  const hits = Prisma.join(
    branches.map((branch) => Prisma.sql`(${branch.hits(context)})`),
    " UNION ALL ",
  );
  const texts = Prisma.join(
    branches.map((branch) => Prisma.sql`(${branch.texts})`),
    " UNION ALL ",
  );
  const afterSql = after
    ? Prisma.sql`WHERE ("inTitle", "updatedAt", type, id) < (${after.inTitle}, ${after.updatedAt}::timestamptz, ${after.type}::text, ${after.id}::text)`
    : Prisma.empty;

  // Straight on the pool, unprepared (the text depends on the types and the cursor, the best plan on
  // the words): Prisma's $queryRaw would add its own mapping cost to every call.
  const statement = Prisma.sql`
    WITH page AS (
      SELECT * FROM (${hits}) hit ${afterSql}
      ORDER BY ${ORDER} LIMIT ${options.limit + 1}
    )
    SELECT page.*, texts.title, pick.headline, place."folderName", place."ownerName",
      NOT starts_with(btrim(pick.text), btrim(translate(pick.headline, ${MARKERS}, ''))) AS "cutStart",
      right(btrim(pick.text), length(btrim(translate(pick.headline, ${MARKERS}, '')))) <> btrim(translate(pick.headline, ${MARKERS}, '')) AS "cutEnd"
    FROM page
    CROSS JOIN LATERAL (
      SELECT f.name AS "folderName", coalesce(nullif(u.name, ''), split_part(u.email, '@', 1)) AS "ownerName"
      FROM "Snap" s JOIN "User" u ON u.id = s."userId" LEFT JOIN "Folder" f ON f.id = s."folderId"
      WHERE s.id = page."snapId"
    ) place
    CROSS JOIN LATERAL (${texts}) texts
    CROSS JOIN LATERAL (SELECT translate(texts.title, ${MARKERS}, '') AS title, translate(coalesce(texts.body, ''), ${MARKERS}, '') AS body) source
    CROSS JOIN LATERAL (SELECT ts_headline('snap_search'::regconfig, source.body, ${query.positive}::tsquery, ${headlineOptions(Prisma.sql`source.body`)}) AS headline) body
    -- The title's fragment when the title holds every word (the best match), else the body's when
    -- the words are there, else the title's.
    CROSS JOIN LATERAL (
      SELECT source.body AS text, body.headline WHERE NOT page."inTitle" AND strpos(body.headline, ${HIGHLIGHT_START}) > 0
      UNION ALL
      SELECT source.title, ts_headline('snap_search'::regconfig, source.title, ${query.positive}::tsquery, ${headlineOptions(Prisma.sql`source.title`)})
      WHERE page."inTitle" OR strpos(body.headline, ${HIGHLIGHT_START}) = 0
    ) pick
    ORDER BY ${ORDER}`;
  const { rows } = await pool.query<HitRow>({ text: statement.text, values: statement.values as unknown[] });

  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const hasMore = rows.length > options.limit;
  return {
    results: page.map(toSearchResult),
    nextCursor: hasMore && last ? encodeSearchCursor(last) : null,
    hasMore,
  };
}

function headlineOptions(text: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`CASE WHEN length(${text}) <= ${WHOLE_TEXT} THEN ${HEADLINE_WHOLE} ELSE ${HEADLINE_FRAGMENT} END`;
}

function toSearchResult(row: HitRow): SearchResult {
  const { snippet, highlights } = buildSnippet(row.headline, { cutStart: row.cutStart, cutEnd: row.cutEnd });
  return {
    type: row.type,
    snap: { id: row.snapId, title: row.snapTitle, folder: row.folderName, owner: row.ownerName },
    card: row.cardId === null ? null : { id: row.cardId, row: row.row!, col: row.col!, cellType: row.cellType! },
    comment: row.commentId === null ? null : { id: row.commentId, cardId: row.commentCardId },
    title: row.title,
    snippet,
    highlights,
    score: row.inTitle ? 1 : 0.5,
  };
}
