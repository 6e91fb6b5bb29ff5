-- AlterTable
ALTER TABLE "WebhookOutbox" ADD COLUMN     "claimedBy" TEXT;
