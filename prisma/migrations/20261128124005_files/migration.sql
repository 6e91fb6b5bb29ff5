-- CreateTable
CREATE TABLE "File" (
    "id" TEXT NOT NULL,
    "snapId" TEXT NOT NULL,
    "objectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "renditions" BOOLEAN NOT NULL DEFAULT false,
    "displaySize" INTEGER,
    "thumbSize" INTEGER,
    "sha256" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" TEXT,

    CONSTRAINT "File_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FileObjectDeletion" (
    "objectId" TEXT NOT NULL,
    "renditions" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FileObjectDeletion_pkey" PRIMARY KEY ("objectId")
);

-- CreateIndex
CREATE INDEX "File_snapId_createdAt_idx" ON "File"("snapId", "createdAt");

-- CreateIndex
CREATE INDEX "File_createdAt_idx" ON "File"("createdAt");

-- CreateIndex
CREATE INDEX "File_objectId_idx" ON "File"("objectId");

-- AddForeignKey
ALTER TABLE "File" ADD CONSTRAINT "File_snapId_fkey" FOREIGN KEY ("snapId") REFERENCES "Snap"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "File" ADD CONSTRAINT "File_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Written by hand (Prisma's schema does not model triggers): however a file row goes (deleted
-- itself, or with its snap, user or workspace by a cascade), its storage objects are queued for
-- the file sweep, in the same transaction; the sweep keeps those another file row still shares.
CREATE FUNCTION "File_queue_object_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "FileObjectDeletion" ("objectId", "renditions") VALUES (OLD."objectId", OLD."renditions") ON CONFLICT DO NOTHING;
  RETURN OLD;
END;
$$;

CREATE TRIGGER "File_queue_object_deletion" AFTER DELETE ON "File" FOR EACH ROW EXECUTE FUNCTION "File_queue_object_deletion"();
