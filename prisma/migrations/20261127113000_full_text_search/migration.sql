-- Full-text search (docs/ARCHITECTURE.md, "Search"). Written by hand: Prisma's schema models
-- neither text search configurations nor expression indexes (the schema diff ignores both).

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "unaccent";

-- snap_search: the `simple` configuration (lower case, no stemming, no stop words) with accents
-- folded first by unaccent, so "Café" is stored and queried as 'cafe' and any prefix works.
CREATE TEXT SEARCH CONFIGURATION "snap_search" (COPY = pg_catalog.simple);
ALTER TEXT SEARCH CONFIGURATION "snap_search"
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, numhword, hword_numpart
  WITH unaccent, simple;

-- The searched text of each kind as one expression, GIN-indexed; lib/search/search-sql.ts repeats
-- these expressions exactly (a query uses the index only with the same expression).
CREATE INDEX "Snap_search_idx" ON "Snap" USING GIN (to_tsvector('snap_search'::regconfig, "title" || ' ' || coalesce("subtitle", '')));
CREATE INDEX "Card_search_idx" ON "Card" USING GIN (to_tsvector('snap_search'::regconfig, "title" || ' ' || "note"));
