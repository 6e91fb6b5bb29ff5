/**
 * The dashboard's state as URL query parameters, named as GET /api/v1/workspace/snaps names them,
 * so the address can be bookmarked, survives a reload and moves with Back and Forward. Anything
 * unexpected in the address falls back to the default instead of an error.
 */
export type SortBy = "updatedAt" | "createdAt" | "title";
export type SortOrder = "asc" | "desc";
export type Visibility = "all" | "public" | "private";

export interface DashboardQuery {
  search: string;
  visibility: Visibility;
  folderId: string | null;
  sortBy: SortBy;
  sortOrder: SortOrder;
  offset: number;
  limit: number;
}

export const PAGE_SIZE = 50;
const MAX_SEARCH = 200;

export const DEFAULT_QUERY: DashboardQuery = {
  search: "",
  visibility: "all",
  folderId: null,
  sortBy: "updatedAt",
  sortOrder: "desc",
  offset: 0,
  limit: PAGE_SIZE,
};

/** Anything with get(), so server components can pass their searchParams in too. */
interface ParamReader {
  get(name: string): string | null;
}

function wholeNumber(value: string | null, min: number, max: number, fallback: number): number {
  if (value === null || !/^\d{1,7}$/.test(value)) return fallback;
  const number = Number(value);
  return number >= min && number <= max ? number : fallback;
}

export function parseDashboardQuery(params: ParamReader): DashboardQuery {
  const isPublic = params.get("isPublic");
  const sortBy = params.get("sortBy");
  const sortOrder = params.get("sortOrder");
  const folderId = params.get("folderId")?.trim();
  return {
    search: (params.get("search") ?? "").trim().slice(0, MAX_SEARCH),
    visibility: isPublic === "true" ? "public" : isPublic === "false" ? "private" : "all",
    folderId: folderId && folderId.length <= 64 ? folderId : null,
    sortBy: sortBy === "createdAt" || sortBy === "title" || sortBy === "updatedAt" ? sortBy : DEFAULT_QUERY.sortBy,
    sortOrder: sortOrder === "asc" || sortOrder === "desc" ? sortOrder : DEFAULT_QUERY.sortOrder,
    offset: wholeNumber(params.get("offset"), 0, 1_000_000, 0),
    limit: wholeNumber(params.get("limit"), 1, 100, PAGE_SIZE),
  };
}

/** The API's query parameters for this state; defaults are left out, so equal states give equal strings. */
export function toSearchParams(query: DashboardQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.visibility !== "all") params.set("isPublic", String(query.visibility === "public"));
  if (query.folderId) params.set("folderId", query.folderId);
  if (query.sortBy !== DEFAULT_QUERY.sortBy) params.set("sortBy", query.sortBy);
  if (query.sortOrder !== DEFAULT_QUERY.sortOrder) params.set("sortOrder", query.sortOrder);
  if (query.offset > 0) params.set("offset", String(query.offset));
  if (query.limit !== PAGE_SIZE) params.set("limit", String(query.limit));
  return params;
}

/** The same query as the lib listing takes it (server-side first render). */
export function toListInput(query: DashboardQuery) {
  return {
    search: query.search || undefined,
    isPublic: query.visibility === "all" ? undefined : query.visibility === "public",
    folderId: query.folderId ?? undefined,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    limit: query.limit,
    offset: query.offset,
  };
}

export function isFiltered(query: DashboardQuery): boolean {
  return query.search !== "" || query.visibility !== "all" || query.folderId !== null;
}
