-- A stored answer is kept as the bytes it was sent as, and replayed as they are: read into JSON and
-- back it cost a 2,000-card change about 100 ms (docs/PERFORMANCE.md, "Many cards as one change").
ALTER TABLE "IdempotencyKey" ALTER COLUMN "responseBody" TYPE TEXT USING "responseBody"::text;
