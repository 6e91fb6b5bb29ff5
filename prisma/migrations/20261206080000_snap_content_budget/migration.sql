-- AlterTable
ALTER TABLE "Snap" ADD COLUMN     "contentBytes" INTEGER NOT NULL DEFAULT 0;

-- Written by hand (Prisma's schema does not model triggers): a snap's content budget
-- (docs/API.md, "Content budget"). "contentBytes" is what the snap's cards and lines weigh; the
-- triggers below keep it, in the statement that writes a card or a line, whatever writes it (a
-- card write, a batch, a change, a range write, an import, a duplicate, a template, a restore, an
-- MCP tool). A statement that makes a snap heavier and leaves it over the budget fails with
-- SQLSTATE SB413 (413 to the caller, lib/snaps/snap-content-budget.ts); one that makes it
-- lighter always passes. The counter's UPDATE locks the snap's row, so concurrent writes add up
-- one after the other and cannot pass the budget together.

-- The budget, bytes. lib/snaps/snap-content-budget.ts holds the same number (tests/db checks they agree).
CREATE FUNCTION "snap_content_budget"() RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT 8000000';

-- A card: its text as UTF-8 bytes (title, note, its attachments' list) and 300 for its other fields.
CREATE FUNCTION "card_content_bytes"(title text, note text, attachments jsonb) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT 300 + octet_length(title) + octet_length(note) + CASE WHEN attachments = '[]'::jsonb THEN 0 ELSE octet_length(attachments::text) END
$$;

-- A line: its fields only.
CREATE FUNCTION "line_content_bytes"() RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT 200';

-- Adds each snap's delta, snaps in id order (two writes across the same snaps lock them in the
-- same order); SB413 when a snap made heavier passes the budget.
CREATE FUNCTION "Snap_add_content"(ids text[], deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  refused record;
BEGIN
  IF cardinality(ids) > 1 THEN
    PERFORM 1 FROM "Snap" WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  END IF;
  WITH counted AS (
    UPDATE "Snap" AS s SET "contentBytes" = s."contentBytes" + d.delta
    FROM unnest(ids, deltas) AS d(id, delta)
    WHERE s.id = d.id
    RETURNING s.id, s."contentBytes" AS used, d.delta
  )
  SELECT * INTO refused FROM counted WHERE delta > 0 AND used > "snap_content_budget"() ORDER BY id LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'snap content budget: snap % would hold % of % bytes (% used)', refused.id, refused.used, "snap_content_budget"(), refused.used - refused.delta
      USING ERRCODE = 'SB413',
            DETAIL = json_build_object('snapId', refused.id, 'budget', "snap_content_budget"(), 'used', refused.used - refused.delta, 'adding', refused.delta)::text;
  END IF;
END;
$$;

CREATE FUNCTION "Card_count_content"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  deltas bigint[];
BEGIN
  -- Each branch names only its own transition tables (PL/pgSQL plans a statement when it first runs).
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.id), array_agg(d.delta) INTO ids, deltas FROM (
      SELECT "snapId" AS id, sum("card_content_bytes"(title, note, attachments))::bigint AS delta FROM new_rows GROUP BY "snapId"
    ) AS d;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(d.id), array_agg(d.delta) INTO ids, deltas FROM (
      SELECT id, sum(bytes)::bigint AS delta FROM (
        SELECT "snapId" AS id, "card_content_bytes"(title, note, attachments) AS bytes FROM new_rows
        UNION ALL
        SELECT "snapId", -"card_content_bytes"(title, note, attachments) FROM old_rows
      ) AS x GROUP BY id HAVING sum(bytes) <> 0
    ) AS d;
  ELSE
    SELECT array_agg(d.id), array_agg(d.delta) INTO ids, deltas FROM (
      SELECT "snapId" AS id, -sum("card_content_bytes"(title, note, attachments))::bigint AS delta FROM old_rows GROUP BY "snapId"
    ) AS d;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM "Snap_add_content"(ids, deltas);
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION "Line_count_content"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  deltas bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.id), array_agg(d.delta) INTO ids, deltas FROM (
      SELECT "snapId" AS id, (count(*) * "line_content_bytes"())::bigint AS delta FROM new_rows GROUP BY "snapId"
    ) AS d;
  ELSE
    SELECT array_agg(d.id), array_agg(d.delta) INTO ids, deltas FROM (
      SELECT "snapId" AS id, -(count(*) * "line_content_bytes"())::bigint AS delta FROM old_rows GROUP BY "snapId"
    ) AS d;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM "Snap_add_content"(ids, deltas);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Card_count_content_insert" AFTER INSERT ON "Card" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "Card_count_content"();
CREATE TRIGGER "Card_count_content_update" AFTER UPDATE ON "Card" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "Card_count_content"();
CREATE TRIGGER "Card_count_content_delete" AFTER DELETE ON "Card" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "Card_count_content"();
CREATE TRIGGER "Line_count_content_insert" AFTER INSERT ON "Line" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "Line_count_content"();
CREATE TRIGGER "Line_count_content_delete" AFTER DELETE ON "Line" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "Line_count_content"();

-- What the snaps hold now (a snap over the budget stays readable and may only get lighter).
UPDATE "Snap" AS s SET "contentBytes" = LEAST(2147483647,
  COALESCE((SELECT sum("card_content_bytes"(c.title, c.note, c.attachments)) FROM "Card" AS c WHERE c."snapId" = s.id), 0)
  + COALESCE((SELECT count(*) * "line_content_bytes"() FROM "Line" AS l WHERE l."snapId" = s.id), 0));
