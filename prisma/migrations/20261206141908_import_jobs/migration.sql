-- CreateEnum
CREATE TYPE "ImportJobStatus" AS ENUM ('running', 'done', 'failed');

-- CreateTable
CREATE TABLE "ImportJob" (
    "id" VARCHAR(32) NOT NULL,
    "userId" TEXT NOT NULL,
    "format" VARCHAR(8) NOT NULL,
    "request" JSONB NOT NULL,
    "status" "ImportJobStatus" NOT NULL DEFAULT 'running',
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "objectKey" VARCHAR(80),
    "idempotencyKey" VARCHAR(255),
    "requestHash" CHAR(64),
    "snapId" TEXT,
    "error" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportJob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ImportJob_createdAt_idx" ON "ImportJob"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ImportJob_userId_idempotencyKey_key" ON "ImportJob"("userId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_snapId_fkey" FOREIGN KEY ("snapId") REFERENCES "Snap"("id") ON DELETE SET NULL ON UPDATE CASCADE;
