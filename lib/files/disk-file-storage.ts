import "server-only";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm, rmdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { ByteRange, FileStorage } from "./file-storage";

/**
 * Files under one folder (`$SNAP_DATA_DIR/files`), one folder per file id, spread over 256
 * folders by the id's last two characters so that no folder grows past a few thousand entries.
 */
export class DiskFileStorage implements FileStorage {
  readonly kind = "disk";
  readonly incomingDir: string;

  constructor(private readonly root: string) {
    this.incomingDir = path.join(root, ".incoming");
  }

  async put(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(sourcePath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      await copyFile(sourcePath, target);
      await unlink(sourcePath);
    }
  }

  async get(key: string, range?: ByteRange) {
    const file = this.pathOf(key);
    try {
      await stat(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async delete(keys: readonly string[]): Promise<void> {
    const folders = new Set(keys.map((key) => path.dirname(this.pathOf(key))));
    for (const key of keys) await rm(this.pathOf(key), { force: true });
    // A file's folder goes with its last object.
    for (const folder of folders) await rmdir(folder).catch(() => {});
  }

  private pathOf(key: string): string {
    if (!/^[a-z0-9]{8,64}\/(original|display|thumb)$/.test(key)) throw new Error(`not a file key: ${key}`);
    const fileId = key.split("/")[0]!;
    return path.join(this.root, fileId.slice(-2), key);
  }
}
