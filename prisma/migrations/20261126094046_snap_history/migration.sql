-- CreateTable
CREATE TABLE "SnapHistory" (
    "snapId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,
    "actorType" "WriteActorType" NOT NULL,
    "actorUserId" TEXT NOT NULL,
    "actorApiKeyId" TEXT,
    "change" JSON NOT NULL,
    "snapshot" JSON,

    CONSTRAINT "SnapHistory_pkey" PRIMARY KEY ("snapId","version")
);

-- AddForeignKey
ALTER TABLE "SnapHistory" ADD CONSTRAINT "SnapHistory_snapId_fkey" FOREIGN KEY ("snapId") REFERENCES "Snap"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- History snapshots (lib/history/record-snap-history.ts): runs the snap-detail query it is given.
-- A function, so the statement that records a write plans one call instead of the whole detail
-- query; the query itself is only planned on the writes that take a snapshot.
CREATE FUNCTION snap_history_snapshot(query text, snap_id text, snap_version int, updated_at timestamptz) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  result json;
BEGIN
  EXECUTE query INTO result USING snap_id, snap_version, updated_at;
  RETURN result;
END
$$;
