import * as api from "../generated/sdk.gen.js";
import type {
  FormatImportDryRunResponse,
  ImportDryRunResponse,
  ListSnap,
  ListWorkspaceSnapsData,
  Snap,
  SnapChanges,
  SnapChangesResponse,
  SnapCreate,
  SnapDocument,
  SnapDocumentImport,
  SnapSummary,
  SnapUpdate,
  DuplicateSnap,
} from "../generated/types.gen.js";
import type { Context } from "../client.js";
import { errorFromResponse } from "../errors.js";
import { settleImport } from "../import-job.js";
import { etagOf, readModifyWrite, type ModifyOptions, type Tagged } from "../etag.js";
import { paginate } from "../pagination.js";
import { writeHeaders, type ConditionalWriteOptions, type WriteOptions } from "./options.js";

export type WorkspaceSnapsQuery = Omit<NonNullable<ListWorkspaceSnapsData["query"]>, "offset">;

/** Snaps (grid boards): list, read, create, change, delete, export, import, duplicate. */
export class Snaps {
  constructor(private readonly context: Context) {}

  /** Your own snaps, most recently updated first (one answer: the listing is not paged). */
  async list(): Promise<ListSnap[]> {
    const { data } = await api.listOwnSnaps({ client: this.context.client, throwOnError: true });
    return data.snaps;
  }

  /** Every snap of the workspace you may see, page after page (`limit` is the page size). */
  listWorkspace(query: WorkspaceSnapsQuery = {}): AsyncGenerator<SnapSummary> {
    return paginate(0, async (offset) => {
      const { data } = await api.listWorkspaceSnaps({ client: this.context.client, throwOnError: true, query: { ...query, offset } });
      return { items: data.snaps, next: data.pagination.hasMore ? data.pagination.offset + data.snaps.length : undefined };
    });
  }

  async get(id: string): Promise<Snap> {
    return (await this.getWithETag(id)).value;
  }

  /** The snap and its ETag, for a conditional update. */
  async getWithETag(id: string): Promise<Tagged<Snap>> {
    const { data, response } = await api.getSnap({ client: this.context.client, throwOnError: true, path: { id } });
    return { value: data.snap, etag: etagOf(response) };
  }

  async create(body: SnapCreate = {}, options: WriteOptions = {}): Promise<Snap> {
    const { data } = await api.createSnap({ client: this.context.client, throwOnError: true, body, headers: writeHeaders(options), signal: options.signal });
    return data.snap;
  }

  /** Changes the snap's fields; with `ifMatch`, only if it did not change since (else PreconditionFailedError). */
  async update(id: string, body: SnapUpdate, options: ConditionalWriteOptions = {}): Promise<Snap> {
    const { data } = await api.updateSnap({
      client: this.context.client,
      throwOnError: true,
      path: { id },
      body,
      headers: writeHeaders(options),
      signal: options.signal,
    });
    return data.snap;
  }

  /** Read, change and write back with If-Match, again on a conflicting write (see etag.ts). */
  modify(id: string, change: (snap: Snap) => SnapUpdate | Promise<SnapUpdate>, options?: ModifyOptions): Promise<Snap> {
    return readModifyWrite(
      () => this.getWithETag(id),
      change,
      (body, ifMatch) => this.update(id, body, { ifMatch }),
      options,
    );
  }

  /**
   * Up to 5,000 creates, updates and deletes of the snap's cards as one change: one version, all or
   * nothing (a ValidationError or NotFoundError names the item, e.g. `update.12.row`; a final overlap
   * is a ConflictError naming both cards). With `ifMatch`, only if the snap did not change since.
   */
  async changes(id: string, body: SnapChanges, options: ConditionalWriteOptions = {}): Promise<SnapChangesResponse> {
    const { data } = await api.applySnapChanges({
      client: this.context.client,
      throwOnError: true,
      path: { id },
      body,
      headers: writeHeaders(options),
      signal: options.signal,
    });
    return data;
  }

  async delete(id: string): Promise<void> {
    await api.deleteSnap({ client: this.context.client, throwOnError: true, path: { id } });
  }

  /** The snap as a JSON document (the import format). */
  async export(id: string): Promise<SnapDocument> {
    const { data } = await api.exportSnap({ client: this.context.client, throwOnError: true, path: { id }, query: { format: "json" } });
    return data;
  }

  /** The snap as a file: CSV, SVG or PNG (`scale` 1–4 for PNG), or a .snap.zip with its uploaded files (`zip`, for importArchive). */
  async exportFile(id: string, format: "csv" | "csv-grid" | "svg" | "png" | "zip", options: { scale?: number } = {}): Promise<Blob> {
    const { response } = await api.exportSnap({
      client: this.context.client,
      throwOnError: true,
      path: { id },
      query: { format, scale: options.scale },
      parseAs: "stream",
    });
    return response.blob();
  }

  /** A new snap from a document; `dryRun` only checks it. */
  async import(document: SnapDocumentImport, options: WriteOptions & { dryRun?: false }): Promise<Snap>;
  async import(document: SnapDocumentImport, options: WriteOptions & { dryRun: true }): Promise<ImportDryRunResponse>;
  async import(document: SnapDocumentImport): Promise<Snap>;
  async import(document: SnapDocumentImport, options: WriteOptions & { dryRun?: boolean } = {}): Promise<Snap | ImportDryRunResponse> {
    const { data } = await api.importSnap({
      client: this.context.client,
      throwOnError: true,
      body: document,
      query: options.dryRun ? { dryRun: "true" } : undefined,
      headers: writeHeaders(options),
    });
    return "snap" in data ? data.snap : data;
  }

  /**
   * A new snap with its files from a .snap.zip (exportFile(id, "zip")), sent as the request's raw
   * body (a ReadableStream or Blob is never held in memory by the SDK); `dryRun` only checks it.
   * Not retried. A large one runs as a job on the server, which this waits for.
   */
  async importArchive(
    archive: Blob | Uint8Array | ReadableStream<Uint8Array>,
    options: { dryRun?: boolean; signal?: AbortSignal } = {},
  ): Promise<Snap | ImportDryRunResponse> {
    const init: RequestInit & { duplex?: "half" } = {
      method: "POST",
      body: archive as BodyInit,
      headers: { "Content-Type": "application/zip" },
      signal: options.signal,
    };
    if (archive instanceof ReadableStream) init.duplex = "half";
    // A large archive runs as a job on the server: its answer is the job's (settleImport).
    const response = await settleImport(
      this.context,
      await this.context.raw(`/api/snaps/import/zip${options.dryRun ? "?dryRun=true" : ""}`, init),
      options.signal,
    );
    const body = (await response.json().catch(() => null)) as { snap: Snap } | ImportDryRunResponse | null;
    if (!response.ok) throw errorFromResponse(response, body);
    return "snap" in body! ? body.snap : body!;
  }

  /**
   * A new snap from a CSV or TSV text, an .xlsx workbook's bytes, or a Trello board export (its
   * JSON text or the parsed object): POST /api/snaps/import/{csv,xlsx,trello}. `sheet` picks a
   * workbook's sheet (name or 1-based index), `archived` brings a Trello board's archived lists and
   * cards; `dryRun` only checks it and answers the summary with the title and first cells.
   * importFormatOf(name) tells the format from a file's name.
   */
  async importFile(
    format: "csv" | "tsv" | "xlsx" | "trello",
    content: Blob | Uint8Array | string | object,
    options: WriteOptions & { dryRun?: boolean; sheet?: string; title?: string; archived?: boolean } = {},
  ): Promise<Snap | FormatImportDryRunResponse> {
    const query = new URLSearchParams();
    if (options.dryRun) query.set("dryRun", "true");
    if (options.sheet !== undefined) query.set("sheet", options.sheet);
    if (options.title !== undefined && format !== "trello") query.set("title", options.title);
    if (options.archived) query.set("archived", "true");
    if (format === "tsv") query.set("delimiter", "tab");
    const types = {
      csv: "text/csv",
      tsv: "text/tab-separated-values",
      xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      trello: "application/json",
    };
    const body =
      format === "trello" && typeof content === "object" && !(content instanceof Uint8Array) && !(content instanceof Blob) ? JSON.stringify(content) : content;
    const path = `/api/snaps/import/${format === "tsv" ? "csv" : format}${query.size ? `?${query}` : ""}`;
    const sent = await this.context.raw(path, {
      method: "POST",
      body: body as BodyInit,
      headers: { "Content-Type": types[format], ...writeHeaders(options) },
      signal: options.signal,
    });
    const response = await settleImport(this.context, sent, options.signal);
    const answer = (await response.json().catch(() => null)) as { snap: Snap } | FormatImportDryRunResponse | null;
    if (!response.ok) throw errorFromResponse(response, answer);
    return "snap" in answer! ? answer.snap : answer!;
  }

  /** The snap as an .xlsx workbook (one sheet; POST importFile("xlsx", …) reads it back). */
  async exportXlsx(id: string): Promise<Blob> {
    const { response } = await api.exportSnap({ client: this.context.client, throwOnError: true, path: { id }, query: { format: "xlsx" }, parseAs: "stream" });
    return response.blob();
  }

  async duplicate(id: string, body: DuplicateSnap = {}, options: WriteOptions = {}): Promise<Snap> {
    const { data } = await api.duplicateSnap({ client: this.context.client, throwOnError: true, path: { id }, body, headers: writeHeaders(options) });
    return data.snap;
  }
}
