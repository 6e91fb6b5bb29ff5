-- CreateIndex
CREATE INDEX "Webhook_enabled_idx" ON "Webhook"("enabled");

-- The feed's data with lz4 instead of pglz where the server was built with it (Debian's packages
-- are; the embedded server's binaries are not, and keep pglz): every write compresses its events'
-- cards, and lz4 does it in about half the time (docs/PERFORMANCE.md, "Webhooks and the event feed").
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)) THEN
    ALTER TABLE "FeedEvent" ALTER COLUMN data SET COMPRESSION lz4;
  END IF;
END $$;
