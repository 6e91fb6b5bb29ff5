-- AlterTable
ALTER TABLE "Card" ADD COLUMN     "locked" BOOLEAN NOT NULL DEFAULT false;
