-- CreateTable
CREATE TABLE "McpTask" (
    "id" VARCHAR(32) NOT NULL,
    "userId" TEXT NOT NULL,
    "owner" VARCHAR(80) NOT NULL,
    "tool" VARCHAR(64) NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "result" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "McpTask_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "McpSession" (
    "id" VARCHAR(32) NOT NULL,
    "userId" TEXT NOT NULL,
    "owner" VARCHAR(80) NOT NULL,
    "snapIds" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "McpSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "McpTask_expiresAt_idx" ON "McpTask"("expiresAt");

-- CreateIndex
CREATE INDEX "McpSession_expiresAt_idx" ON "McpSession"("expiresAt");
