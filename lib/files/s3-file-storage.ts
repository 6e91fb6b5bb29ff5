import "server-only";
import { createReadStream } from "node:fs";
import { mkdir, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { ByteRange, FileStorage } from "./file-storage";

export interface S3Settings {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

type S3Module = typeof import("@aws-sdk/client-s3");

/**
 * Files in a bucket of S3-compatible storage (AWS S3, MinIO, Cloudflare R2, Ceph RGW), under the
 * configured prefix. The SDK is loaded on first use, so an instance that never touches a file
 * never holds it in memory (docs/PERFORMANCE.md, "Files").
 */
export class S3FileStorage implements FileStorage {
  readonly kind = "s3";
  readonly incomingDir = path.join(tmpdir(), "snap-incoming-files");
  private client?: Promise<{ s3: S3Client; sdk: S3Module }>;

  constructor(private readonly settings: S3Settings) {}

  async put(key: string, sourcePath: string, meta: { contentType: string; size: number }): Promise<void> {
    const { s3, sdk } = await this.connect();
    await s3.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.keyOf(key),
        Body: createReadStream(sourcePath),
        ContentLength: meta.size,
        ContentType: meta.contentType,
      }),
    );
    await unlink(sourcePath).catch(() => {});
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const { s3, sdk } = await this.connect();
    try {
      const answer = await s3.send(
        new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const { s3, sdk } = await this.connect();
    // DeleteObjects takes at most 1,000 keys a request.
    for (let start = 0; start < keys.length; start += 1000) {
      const slice = keys.slice(start, start + 1000);
      await s3.send(
        new sdk.DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: slice.map((key) => ({ Key: this.keyOf(key) })), Quiet: true } }),
      );
    }
  }

  private keyOf(key: string): string {
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  private connect(): Promise<{ s3: S3Client; sdk: S3Module }> {
    this.client ??= (async () => {
      await mkdir(this.incomingDir, { recursive: true });
      const sdk = await import("@aws-sdk/client-s3");
      const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = this.settings;
      const s3 = new sdk.S3Client({
        endpoint,
        region,
        forcePathStyle,
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        // Checksums only where the service asks for them: S3-compatible services differ in support.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      });
      return { s3, sdk };
    })();
    return this.client;
  }
}
