-- AlterTable
ALTER TABLE "Snap" ADD COLUMN     "contentBytes" INTEGER NOT NULL DEFAULT 0;

-- Written by hand (Prisma's schema does not model triggers): a snap's content budget
-- (docs/API.md, "Content budget"). "contentBytes" is what the snap's cards and lines weigh; the
-- triggers below keep it, in the statement that writes a card or a line, whatever writes it (a
-- card write, a batch, a change, a range write, an import, a duplicate, a template, a restore, an
-- MCP tool). A statement that makes a snap heavier and leaves it over the budget fails with
-- SQLSTATE SB413 (413 to the caller, lib/errors/snap-content-budget-error.ts); one that makes it
-- lighter always passes. The counter's UPDATE locks the snap's row, so concurrent writes add up
-- one after the other and cannot pass the budget together.

-- The budget, bytes. lib/board-model/snap-content-budget.ts holds the same numbers (tests/db/snap-content-budget.test.ts).
CREATE FUNCTION "snap_content_budget"() RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT 8000000';

-- Text as a JSON answer carries it: UTF-8 bytes, escapes included (a control character is six), no quotes.
CREATE FUNCTION "json_text_bytes"(value text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value = '' THEN 0 ELSE octet_length(to_json(value)::text) - 2 END
$$;

-- A card: its title, note and attachments' list as JSON carries them, and 300 for its other fields.
CREATE FUNCTION "card_content_bytes"(title text, note text, attachments jsonb) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT 300 + "json_text_bytes"(title) + "json_text_bytes"(note) + CASE WHEN attachments = '[]'::jsonb THEN 0 ELSE octet_length(attachments::text) END
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
    -- Only cards whose text changed are weighed again: a move or a restyle of many cards costs a join.
    SELECT array_agg(d.id), array_agg(d.delta) INTO ids, deltas FROM (
      SELECT n."snapId" AS id,
             sum("card_content_bytes"(n.title, n.note, n.attachments) - "card_content_bytes"(o.title, o.note, o.attachments))::bigint AS delta
      FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE n.title IS DISTINCT FROM o.title OR n.note IS DISTINCT FROM o.note OR n.attachments IS DISTINCT FROM o.attachments
      GROUP BY n."snapId"
    ) AS d WHERE d.delta <> 0;
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
