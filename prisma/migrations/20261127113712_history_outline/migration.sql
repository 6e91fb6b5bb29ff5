-- AlterTable
ALTER TABLE "SnapHistory" ADD COLUMN     "outline" JSON;
