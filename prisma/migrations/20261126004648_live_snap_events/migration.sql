-- AlterTable
ALTER TABLE "Snap" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "SnapEvent" (
    "snapId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "actorUserId" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SnapEvent_pkey" PRIMARY KEY ("snapId","version")
);

-- AddForeignKey
ALTER TABLE "SnapEvent" ADD CONSTRAINT "SnapEvent_snapId_fkey" FOREIGN KEY ("snapId") REFERENCES "Snap"("id") ON DELETE CASCADE ON UPDATE CASCADE;
