-- AlterTable
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_pkey" PRIMARY KEY ("userId");

-- DropIndex
DROP INDEX "Membership_userId_key";
