import "server-only";
import type { Readable } from "node:stream";

/** A byte range of an object, both ends included (HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files' bytes live: on disk (lib/files/disk-file-storage.ts) or in S3-compatible
 * storage (s3-file-storage.ts), chosen once by FILE_STORAGE. Keys are `<fileId>/<variant>`; an
 * object is written once and never changed (docs/API.md, "Files").
 */
export interface FileStorage {
  /** "disk" or "s3", for logs and the health of the setup. */
  readonly kind: "disk" | "s3";
  /** A folder for an upload's bytes while they arrive and are checked (on the same disk as the files, for a rename). */
  readonly incomingDir: string;
  /** Stores the file at `sourcePath` (which it may move away) under `key`. */
  put(key: string, sourcePath: string, meta: { contentType: string; size: number }): Promise<void>;
  /** The object's bytes, or the range of them; null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Deletes the objects; keys that do not exist are no error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** The renditions of a processed image beside its original (lib/files/process-image.ts). */
export type FileVariant = "original" | "display" | "thumb";

export function fileObjectKey(fileId: string, variant: FileVariant): string {
  return `${fileId}/${variant}`;
}

/** Every key a file may have stored. */
export function fileObjectKeys(fileId: string, renditions: boolean): string[] {
  return renditions
    ? [fileObjectKey(fileId, "original"), fileObjectKey(fileId, "display"), fileObjectKey(fileId, "thumb")]
    : [fileObjectKey(fileId, "original")];
}
