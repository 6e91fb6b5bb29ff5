-- CreateEnum
CREATE TYPE "WriteActorType" AS ENUM ('user', 'apiKey', 'mcp');

-- AlterTable
ALTER TABLE "SnapEvent" ADD COLUMN     "actorApiKeyId" TEXT,
ADD COLUMN     "actorType" "WriteActorType" NOT NULL DEFAULT 'user';
