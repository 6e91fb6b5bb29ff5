-- CreateTable
CREATE TABLE "SnapHistory" (
    "snapId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorUserId" TEXT NOT NULL,
    "actorApiKeyId" TEXT,
    "change" JSON NOT NULL,
    "snapshot" JSON,

    CONSTRAINT "SnapHistory_pkey" PRIMARY KEY ("snapId","version")
);

-- AddForeignKey
ALTER TABLE "SnapHistory" ADD CONSTRAINT "SnapHistory_snapId_fkey" FOREIGN KEY ("snapId") REFERENCES "Snap"("id") ON DELETE CASCADE ON UPDATE CASCADE;
