-- Written by hand (Prisma's schema does not model triggers): however an import job's row goes while
-- it still holds its upload (the hourly sweep, or with its user by a cascade), the upload is queued
-- for the file sweep in the same transaction, as a deleted file's objects are. The upload's key is
-- the job's id as a file object's id (lib/transfer/import-jobs/import-job-storage.ts).
CREATE FUNCTION "ImportJob_queue_upload_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "FileObjectDeletion" ("objectId", "renditions") VALUES (OLD."id", false) ON CONFLICT DO NOTHING;
  RETURN OLD;
END;
$$;

CREATE TRIGGER "ImportJob_queue_upload_deletion" AFTER DELETE ON "ImportJob"
  FOR EACH ROW WHEN (OLD."objectKey" IS NOT NULL) EXECUTE FUNCTION "ImportJob_queue_upload_deletion"();
