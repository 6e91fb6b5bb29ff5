-- CreateTable
CREATE TABLE "SnapTemplate" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "document" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SnapTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SnapTemplate_workspaceId_createdAt_idx" ON "SnapTemplate"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "SnapTemplate_userId_idx" ON "SnapTemplate"("userId");

-- AddForeignKey
ALTER TABLE "SnapTemplate" ADD CONSTRAINT "SnapTemplate_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SnapTemplate" ADD CONSTRAINT "SnapTemplate_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
