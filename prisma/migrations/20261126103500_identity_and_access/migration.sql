-- CreateEnum
CREATE TYPE "ApiKeyAccess" AS ENUM ('full', 'read');

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "access" "ApiKeyAccess" NOT NULL DEFAULT 'full';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "sessionEpoch" INTEGER NOT NULL DEFAULT 0,
ALTER COLUMN "passwordHash" DROP NOT NULL;

-- CreateTable
CREATE TABLE "UserIdentity" (
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserIdentity_pkey" PRIMARY KEY ("issuer","subject")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "action" VARCHAR(64) NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorType" VARCHAR(16) NOT NULL,
    "actorUserId" TEXT,
    "apiKeyId" TEXT,
    "targetType" VARCHAR(32) NOT NULL,
    "targetId" TEXT,
    "targetName" TEXT,
    "ip" VARCHAR(64),

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UserIdentity_userId_idx" ON "UserIdentity"("userId");

-- CreateIndex
CREATE INDEX "AuditEvent_workspaceId_occurredAt_id_idx" ON "AuditEvent"("workspaceId", "occurredAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEvent_workspaceId_action_occurredAt_id_idx" ON "AuditEvent"("workspaceId", "action", "occurredAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEvent_occurredAt_idx" ON "AuditEvent"("occurredAt");

-- AddForeignKey
ALTER TABLE "UserIdentity" ADD CONSTRAINT "UserIdentity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
