-- CreateEnum
CREATE TYPE "WorkspaceRole" AS ENUM ('admin', 'member');

-- CreateEnum
CREATE TYPE "ShareMode" AS ENUM ('view', 'edit');

-- CreateEnum
CREATE TYPE "TextAlign" AS ENUM ('left', 'center', 'right');

-- CreateEnum
CREATE TYPE "VerticalAlign" AS ENUM ('top', 'middle', 'bottom');

-- CreateEnum
CREATE TYPE "LineStyle" AS ENUM ('solid', 'dashed');

-- CreateEnum
CREATE TYPE "LineArrow" AS ENUM ('none', 'end', 'both');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Workspace" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Workspace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "userId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "role" "WorkspaceRole" NOT NULL DEFAULT 'member',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" VARCHAR(20) NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Folder" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Folder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Snap" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "folderId" TEXT,
    "title" TEXT NOT NULL DEFAULT 'Untitled Snap',
    "subtitle" TEXT,
    "icon" TEXT,
    "fontFamily" TEXT NOT NULL DEFAULT 'Inter',
    "canvasBackgroundColor" TEXT NOT NULL DEFAULT '#f8fafc',
    "isPublic" BOOLEAN NOT NULL DEFAULT false,
    "shareMode" "ShareMode" NOT NULL DEFAULT 'view',
    "shareToken" TEXT,
    "sharedWithWorkspace" BOOLEAN NOT NULL DEFAULT false,
    "cellSpacing" DOUBLE PRECISION NOT NULL DEFAULT 8,
    "rowHeights" JSONB NOT NULL DEFAULT '{}',
    "colWidths" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Snap_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Card" (
    "id" TEXT NOT NULL,
    "snapId" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "row" INTEGER NOT NULL,
    "col" INTEGER NOT NULL,
    "rowSpan" INTEGER NOT NULL DEFAULT 1,
    "colSpan" INTEGER NOT NULL DEFAULT 1,
    "color" TEXT NOT NULL DEFAULT '',
    "cellType" TEXT NOT NULL DEFAULT 'normal',
    "completed" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT NOT NULL DEFAULT '',
    "textAlign" "TextAlign" NOT NULL DEFAULT 'left',
    "verticalAlign" "VerticalAlign" NOT NULL DEFAULT 'top',
    "fontSize" TEXT NOT NULL DEFAULT 'text-sm',
    "bold" BOOLEAN NOT NULL DEFAULT false,
    "italic" BOOLEAN NOT NULL DEFAULT false,
    "underline" BOOLEAN NOT NULL DEFAULT false,
    "borderRadius" INTEGER NOT NULL DEFAULT 8,
    "borderSize" INTEGER NOT NULL DEFAULT 1,
    "cellOpacity" INTEGER NOT NULL DEFAULT 100,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Card_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Line" (
    "id" TEXT NOT NULL,
    "snapId" TEXT NOT NULL,
    "fromCardId" TEXT NOT NULL,
    "toCardId" TEXT NOT NULL,
    "color" TEXT NOT NULL DEFAULT '#64748b',
    "style" "LineStyle" NOT NULL DEFAULT 'solid',
    "arrow" "LineArrow" NOT NULL DEFAULT 'end',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Line_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Membership_userId_key" ON "Membership"("userId");

-- CreateIndex
CREATE INDEX "Membership_workspaceId_idx" ON "Membership"("workspaceId");

-- CreateIndex
CREATE INDEX "ApiKey_prefix_idx" ON "ApiKey"("prefix");

-- CreateIndex
CREATE INDEX "ApiKey_userId_revokedAt_idx" ON "ApiKey"("userId", "revokedAt");

-- CreateIndex
CREATE INDEX "Folder_workspaceId_name_idx" ON "Folder"("workspaceId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Snap_shareToken_key" ON "Snap"("shareToken");

-- CreateIndex
CREATE INDEX "Snap_userId_updatedAt_idx" ON "Snap"("userId", "updatedAt");

-- CreateIndex
CREATE INDEX "Snap_workspaceId_updatedAt_idx" ON "Snap"("workspaceId", "updatedAt");

-- CreateIndex
CREATE INDEX "Snap_workspaceId_createdAt_idx" ON "Snap"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "Snap_workspaceId_title_idx" ON "Snap"("workspaceId", "title");

-- CreateIndex
CREATE INDEX "Snap_folderId_idx" ON "Snap"("folderId");

-- CreateIndex
CREATE INDEX "Card_snapId_row_col_idx" ON "Card"("snapId", "row", "col");

-- CreateIndex
CREATE INDEX "Line_snapId_idx" ON "Line"("snapId");

-- CreateIndex
CREATE INDEX "Line_fromCardId_idx" ON "Line"("fromCardId");

-- CreateIndex
CREATE INDEX "Line_toCardId_idx" ON "Line"("toCardId");

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Folder" ADD CONSTRAINT "Folder_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Folder" ADD CONSTRAINT "Folder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Snap" ADD CONSTRAINT "Snap_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Snap" ADD CONSTRAINT "Snap_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Snap" ADD CONSTRAINT "Snap_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "Folder"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Card" ADD CONSTRAINT "Card_snapId_fkey" FOREIGN KEY ("snapId") REFERENCES "Snap"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Line" ADD CONSTRAINT "Line_snapId_fkey" FOREIGN KEY ("snapId") REFERENCES "Snap"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Line" ADD CONSTRAINT "Line_fromCardId_fkey" FOREIGN KEY ("fromCardId") REFERENCES "Card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Line" ADD CONSTRAINT "Line_toCardId_fkey" FOREIGN KEY ("toCardId") REFERENCES "Card"("id") ON DELETE CASCADE ON UPDATE CASCADE;
