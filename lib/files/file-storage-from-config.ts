import "server-only";
import path from "node:path";
import { config } from "@/lib/config";
import { DiskFileStorage } from "./disk-file-storage";
import type { FileStorage } from "./file-storage";
import { S3FileStorage } from "./s3-file-storage";

const holder = globalThis as typeof globalThis & { snapFileStorage?: FileStorage };

/** This process's file storage, as FILE_STORAGE says (docs/CONFIGURATION.md). */
export function fileStorage(): FileStorage {
  return (holder.snapFileStorage ??= fileStorageFor(config()));
}

export function fileStorageFor(settings: ReturnType<typeof config>): FileStorage {
  const location = settings.FILE_STORAGE;
  if (!location) return new DiskFileStorage(path.resolve(settings.SNAP_DATA_DIR ?? "data", "files"));
  return new S3FileStorage({
    ...location,
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION ?? "us-east-1",
    accessKeyId: settings.S3_ACCESS_KEY_ID,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
  });
}
