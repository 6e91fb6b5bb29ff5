import { findSearchResults } from "@/lib/search/find-search-results";
import { searchArgsSchema, searchQuerySchema, searchResponseSchema } from "@/lib/search/search-schemas";
import { declareOperation } from "./operation";

const exampleResult = {
  type: "card",
  snap: { id: "clsnap0000000000000000001", title: "Roadmap 2027", folder: "Planning", owner: "Ada Lovelace" },
  card: { id: "clcard0000000000000000001", row: 2, col: 3, cellType: "normal" },
  comment: null,
  title: "Launch the café menu",
  snippet: "Launch the café menu in spring, after the tasting week",
  highlights: [[11, 15]],
  score: 1,
};

/** Search across every board the caller can read. */
export const SEARCH_OPERATIONS = {
  search: declareOperation({
    method: "get",
    path: "/api/search",
    operationId: "search",
    tag: "Search",
    summary: "Search snaps, cards and comments",
    description:
      "Full-text search over what you can read now (your snaps and those shared with your workspace): snap titles and subtitles, card titles " +
      'and notes, comment bodies. Every word must match, in any order; the last word also as a prefix (road finds roadmap); case and accents are ignored; "a phrase" in quotes ' +
      "matches as a phrase; -word excludes. Any other character is plain text. Title matches first, then the most recently updated.",
    query: searchQuerySchema,
    success: {
      status: 200,
      description: "A page of results.",
      schema: searchResponseSchema,
      example: { results: [exampleResult], nextCursor: "MXwyMDI3LTAxLTE1VDEwOjAwOjAwLjAwMFp8Y2FyZHxjbGNhcmQ", hasMore: true },
    },
    errors: [400, 401],
    access: "key-or-session",
    action: (principal, { query }) => findSearchResults(principal, query),
    tools: [
      {
        name: "search",
        title: "Search",
        mode: "read",
        arguments: searchArgsSchema,
        hint: "Each result names its snap and card: read the board with get_snap. Pass nextCursor back as cursor for more.",
      },
    ],
  }),
};
