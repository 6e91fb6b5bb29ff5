-- AlterTable
ALTER TABLE "Card" ADD COLUMN     "attachments" JSONB NOT NULL DEFAULT '[]';

-- Written by hand (Prisma's schema does not model triggers): whatever writes a card's attachments
-- (a card write, a history restore, a duplicate, an import), the row keeps only files of the
-- card's own snap, once each, in the order given, each with its id, name, contentType and size
-- read from "File" (an element may be a file id or an object with one). The files are held
-- FOR KEY SHARE until the write commits, so a DELETE of one waits and then finds the card to
-- clean (docs/ARCHITECTURE.md, "Card attachments").
CREATE FUNCTION "Card_resolve_attachments"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF jsonb_typeof(NEW."attachments") = 'array' THEN
    SELECT array_agg(a.id ORDER BY a.position) INTO ids
    FROM (
      SELECT DISTINCT ON (x.id) x.id, x.position
      FROM (
        SELECT COALESCE(e ->> 'id', CASE WHEN jsonb_typeof(e) = 'string' THEN e #>> '{}' END) AS id, t.position
        FROM jsonb_array_elements(NEW."attachments") WITH ORDINALITY AS t(e, position)
      ) AS x
      WHERE x.id IS NOT NULL
      ORDER BY x.id, x.position
    ) AS a;
  END IF;
  IF ids IS NULL THEN
    NEW."attachments" := '[]'::jsonb;
    RETURN NEW;
  END IF;
  PERFORM 1 FROM "File" AS f WHERE f.id = ANY (ids) AND f."snapId" = NEW."snapId" FOR KEY SHARE;
  NEW."attachments" := COALESCE((
    SELECT jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'contentType', f."contentType", 'size', f.size) ORDER BY a.position)
    FROM unnest(ids) WITH ORDINALITY AS a(id, position)
    JOIN "File" AS f ON f.id = a.id AND f."snapId" = NEW."snapId"
  ), '[]'::jsonb);
  RETURN NEW;
END;
$$;

CREATE TRIGGER "Card_resolve_attachments_insert" BEFORE INSERT ON "Card" FOR EACH ROW
  WHEN (NEW."attachments" <> '[]'::jsonb) EXECUTE FUNCTION "Card_resolve_attachments"();
CREATE TRIGGER "Card_resolve_attachments_update" BEFORE UPDATE OF "attachments" ON "Card" FOR EACH ROW
  WHEN (NEW."attachments" IS DISTINCT FROM OLD."attachments") EXECUTE FUNCTION "Card_resolve_attachments"();
