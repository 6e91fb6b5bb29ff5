-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- DropIndex
DROP INDEX "Snap_workspaceId_createdAt_idx";

-- DropIndex
DROP INDEX "Snap_workspaceId_title_idx";

-- DropIndex
DROP INDEX "Snap_workspaceId_updatedAt_idx";

-- CreateIndex
CREATE INDEX "Snap_userId_createdAt_idx" ON "Snap"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Snap_userId_title_idx" ON "Snap"("userId", "title");

-- CreateIndex
CREATE INDEX "Snap_workspaceId_sharedWithWorkspace_updatedAt_idx" ON "Snap"("workspaceId", "sharedWithWorkspace", "updatedAt");

-- CreateIndex
CREATE INDEX "Snap_workspaceId_sharedWithWorkspace_createdAt_idx" ON "Snap"("workspaceId", "sharedWithWorkspace", "createdAt");

-- CreateIndex
CREATE INDEX "Snap_workspaceId_sharedWithWorkspace_title_idx" ON "Snap"("workspaceId", "sharedWithWorkspace", "title");

-- CreateIndex
CREATE INDEX "Snap_title_idx" ON "Snap" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Snap_subtitle_idx" ON "Snap" USING GIN ("subtitle" gin_trgm_ops);
