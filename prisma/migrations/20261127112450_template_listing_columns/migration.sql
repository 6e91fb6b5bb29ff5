-- What GET /api/templates shows, kept beside the document so that a listing never reads documents.
ALTER TABLE "SnapTemplate" ADD COLUMN     "cols" INTEGER,
ADD COLUMN     "documentBytes" INTEGER,
ADD COLUMN     "previewCells" JSONB,
ADD COLUMN     "rows" INTEGER;

-- Backfill: what lib/templates/to-template.ts computes at save time (the size as PostgreSQL writes the JSON).
UPDATE "SnapTemplate" AS t SET
  "rows" = (t.document->'snap'->>'rows')::int,
  "cols" = (t.document->'snap'->>'cols')::int,
  "documentBytes" = octet_length(t.document::text),
  "previewCells" = COALESCE((
    SELECT jsonb_agg(jsonb_build_object(
        'position', jsonb_build_object('row', (p.card->>'row')::int, 'col', (p.card->>'col')::int),
        'rowSpan', (p.card->>'rowSpan')::int,
        'colSpan', (p.card->>'colSpan')::int,
        'title', left(COALESCE(p.card->>'title', ''), 80),
        'type', COALESCE(p.card->>'cellType', 'normal'),
        'color', COALESCE(p.card->>'color', '')
      ) ORDER BY p.n)
    FROM (
      SELECT e.card, e.n FROM jsonb_array_elements(t.document->'cards') WITH ORDINALITY AS e(card, n)
      WHERE COALESCE(e.card->>'title', '') <> '' OR COALESCE(e.card->>'color', '') <> ''
      ORDER BY e.n LIMIT 24
    ) AS p
  ), '[]'::jsonb);

ALTER TABLE "SnapTemplate" ALTER COLUMN "cols" SET NOT NULL,
ALTER COLUMN "documentBytes" SET NOT NULL,
ALTER COLUMN "previewCells" SET NOT NULL,
ALTER COLUMN "rows" SET NOT NULL;
