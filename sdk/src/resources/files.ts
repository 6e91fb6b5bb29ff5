import * as api from "../generated/sdk.gen.js";
import type { BoardFile } from "../generated/types.gen.js";
import type { Context } from "../client.js";
import { errorFromResponse } from "../errors.js";
import { paginate } from "../pagination.js";

export interface UploadOptions {
  /** The file's name as people see it (default "file"). */
  name?: string;
  /** What it is, e.g. image/png; the server decides by the bytes, this is only a hint. */
  contentType?: string;
  signal?: AbortSignal;
}

/** Files on a snap: upload, list, download, delete. */
export class Files {
  constructor(private readonly context: Context) {}

  /**
   * Uploads to the snap `snapId` as the request's raw body (streamed: a ReadableStream or Blob is
   * never held in memory by the SDK). Not retried: an upload takes no Idempotency-Key.
   */
  async upload(snapId: string, content: Blob | Uint8Array | ReadableStream<Uint8Array> | string, options: UploadOptions = {}): Promise<BoardFile> {
    const name = options.name ?? (typeof Blob !== "undefined" && content instanceof Blob && "name" in content ? String(content.name) : "file");
    const contentType = options.contentType ?? (content instanceof Blob && content.type ? content.type : "application/octet-stream");
    const init: RequestInit & { duplex?: "half" } = {
      method: "POST",
      body: content as BodyInit,
      headers: { "Content-Type": contentType },
      signal: options.signal,
    };
    if (content instanceof ReadableStream) init.duplex = "half";
    const response = await this.context.raw(`/api/snaps/${encodeURIComponent(snapId)}/files?name=${encodeURIComponent(name)}`, init);
    const body = (await response.json().catch(() => null)) as { file: BoardFile } | null;
    if (!response.ok) throw errorFromResponse(response, body);
    return body!.file;
  }

  /** The snap's files, newest first, page after page. */
  list(snapId: string, query: { limit?: number } = {}): AsyncGenerator<BoardFile> {
    return paginate<BoardFile, string>(undefined, async (after) => {
      const { data } = await api.listSnapFiles({ client: this.context.client, throwOnError: true, path: { id: snapId }, query: { ...query, after } });
      return { items: data.files, next: data.hasMore ? (data.nextCursor ?? undefined) : undefined };
    });
  }

  /** The file's bytes (or an image's `thumb` or `display` rendition) as the server sends them. */
  async download(id: string, options: { size?: "thumb" | "display" } = {}): Promise<Blob> {
    const { response } = await api.readFile({ client: this.context.client, throwOnError: true, path: { id }, query: options, parseAs: "stream" });
    return response.blob();
  }

  async delete(id: string): Promise<void> {
    await api.deleteFile({ client: this.context.client, throwOnError: true, path: { id } });
  }
}
