-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailVerifiedAt" TIMESTAMPTZ(3);

-- Accounts linked to a single sign-on identity were linked only with a verified email.
UPDATE "User" SET "emailVerifiedAt" = i."createdAt"
FROM (SELECT "userId", min("createdAt") AS "createdAt" FROM "UserIdentity" GROUP BY "userId") AS i
WHERE i."userId" = "User".id;
