-- CreateEnum
CREATE TYPE "SnapRole" AS ENUM ('viewer', 'commenter', 'editor');

-- AlterEnum
ALTER TYPE "ShareMode" ADD VALUE 'comment';

-- CreateTable
CREATE TABLE "SnapMember" (
    "snapId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "SnapRole" NOT NULL,
    "addedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "addedById" TEXT,

    CONSTRAINT "SnapMember_pkey" PRIMARY KEY ("snapId","userId")
);

-- CreateTable
CREATE TABLE "SnapInvitation" (
    "id" TEXT NOT NULL,
    "snapId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "SnapRole" NOT NULL,
    "invitedById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SnapInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SnapMember_userId_addedAt_idx" ON "SnapMember"("userId", "addedAt");

-- CreateIndex
CREATE INDEX "SnapInvitation_email_idx" ON "SnapInvitation"("email");

-- CreateIndex
CREATE UNIQUE INDEX "SnapInvitation_snapId_email_key" ON "SnapInvitation"("snapId", "email");

-- AddForeignKey
ALTER TABLE "SnapMember" ADD CONSTRAINT "SnapMember_snapId_fkey" FOREIGN KEY ("snapId") REFERENCES "Snap"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SnapMember" ADD CONSTRAINT "SnapMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SnapMember" ADD CONSTRAINT "SnapMember_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SnapInvitation" ADD CONSTRAINT "SnapInvitation_snapId_fkey" FOREIGN KEY ("snapId") REFERENCES "Snap"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SnapInvitation" ADD CONSTRAINT "SnapInvitation_invitedById_fkey" FOREIGN KEY ("invitedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
