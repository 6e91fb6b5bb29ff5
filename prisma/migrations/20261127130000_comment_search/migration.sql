-- Comments in full-text search (docs/ARCHITECTURE.md, "Search"): their body, indexed with the same
-- expression lib/search/search-branches.ts filters by. Written by hand, as the other search indexes:
-- Prisma's schema does not model expression indexes.
CREATE INDEX "Comment_search_idx" ON "Comment" USING GIN (to_tsvector('snap_search'::regconfig, "body"));
