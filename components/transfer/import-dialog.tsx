"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, type DragEvent } from "react";
import { callApi, type ApiErrorBody, type ApiResult } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { UploadIcon } from "./transfer-icons";

import { ARCHIVE_LIMITS, MAX_IMPORT_BYTES as MAX_BYTES } from "@/lib/transfer/transfer-constants";
import { FORMAT_LIMITS } from "@/lib/transfer/formats/format-limits";
import { ImportPreview } from "./import-preview";
import { followImportJob, type ImportJob } from "./follow-import-job";
import { ImportProgress } from "./import-progress";
const SHOWN_PROBLEMS = 20;

interface Summary {
  rows: number;
  cols: number;
  cards: number;
  lines: number;
  /** A .snap.zip's files. */
  files?: number;
  /** A CSV, workbook or Trello import: its title and first cells. */
  title?: string;
  preview?: string[][];
}

/** A file sent as it is to its import route (the server reads it): a .snap.zip, a workbook, a CSV or TSV. */
type UploadFormat = "zip" | "xlsx" | "csv" | "tsv";

/** What is imported: an export document, a Trello export (both JSON), or a file sent as it is. */
type Source = { kind: "document"; document: unknown } | { kind: "trello"; board: unknown } | { kind: "upload"; format: UploadFormat; file: File };

type Step =
  | { kind: "choose" }
  | { kind: "checking"; name: string }
  | { kind: "valid"; name: string; title: string; source: Source; summary: Summary; preview: string[][] }
  | { kind: "invalid"; name: string; error: ApiErrorBody };

const UPLOAD_LIMITS: Record<UploadFormat, { bytes: number; what: string }> = {
  zip: { bytes: ARCHIVE_LIMITS.bytes, what: "The archive" },
  xlsx: { bytes: FORMAT_LIMITS.xlsxBytes, what: "The workbook" },
  csv: { bytes: FORMAT_LIMITS.csvBytes, what: "The CSV file" },
  tsv: { bytes: FORMAT_LIMITS.csvBytes, what: "The TSV file" },
};

/** Import: a file chosen or dropped, checked by a dry run (summary or problems by path), then imported. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      icon={
        <DialogIconBadge tone="indigo">
          <UploadIcon className="size-5" />
        </DialogIconBadge>
      }
      title="Import a snap"
      description="Choose a board exported from here (.snap.json, or .snap.zip with its files), a Trello board export (.json), an Excel or Google Sheets workbook (.xlsx), or a .csv or .tsv file. It becomes a new private snap of yours."
    >
      <ImportForm onCancel={onClose} />
    </Dialog>
  );
}

function ImportForm({ onCancel }: { onCancel: () => void }) {
  const router = useRouter();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [dragging, setDragging] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const [jobProgress, setJobProgress] = useState<ImportJob["progress"] | null>(null);

  async function check(file: File) {
    setImportError(null);
    setStep({ kind: "checking", name: file.name });
    const format = uploadFormat(file);
    if (format) {
      await checkUpload(file, format);
      return;
    }
    if (file.size > FORMAT_LIMITS.trelloBytes) {
      setStep({
        kind: "invalid",
        name: file.name,
        error: { code: "PAYLOAD_TOO_LARGE", message: `The file is larger than ${FORMAT_LIMITS.trelloBytes / 1_000_000} MB.` },
      });
      return;
    }
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setStep({
        kind: "invalid",
        name: file.name,
        error: {
          code: "BAD_REQUEST",
          message: "This file is not JSON, a workbook (.xlsx) or a CSV file. Choose a .snap.json, .snap.zip, Trello export (.json), .xlsx, .csv or .tsv file.",
        },
      });
      return;
    }
    if (isTrelloExport(document)) {
      const result = await callApi<{ valid: true; summary: Summary }>("/api/snaps/import/trello?dryRun=true", { method: "POST", body: document });
      if (!result.ok) {
        setStep({ kind: "invalid", name: file.name, error: result.error });
        return;
      }
      const { summary } = result.data;
      setStep({
        kind: "valid",
        name: file.name,
        title: summary.title ?? "Untitled",
        source: { kind: "trello", board: document },
        summary,
        preview: summary.preview ?? [],
      });
      return;
    }
    if (file.size > MAX_BYTES) {
      setStep({ kind: "invalid", name: file.name, error: { code: "PAYLOAD_TOO_LARGE", message: `The file is larger than ${MAX_BYTES / 1_000_000} MB.` } });
      return;
    }
    const result = await callApi<{ valid: true; summary: Summary }>("/api/snaps/import?dryRun=true", { method: "POST", body: document });
    if (!result.ok) {
      setStep({ kind: "invalid", name: file.name, error: result.error });
      return;
    }
    const title = String((document as { snap?: { title?: unknown } }).snap?.title ?? "Untitled");
    setStep({
      kind: "valid",
      name: file.name,
      title,
      source: { kind: "document", document },
      summary: result.data.summary,
      preview: documentPreview(document),
    });
  }

  async function checkUpload(file: File, format: UploadFormat) {
    const limit = UPLOAD_LIMITS[format];
    if (file.size > limit.bytes) {
      setStep({
        kind: "invalid",
        name: file.name,
        error: { code: "PAYLOAD_TOO_LARGE", message: `${limit.what} is larger than ${limit.bytes / 1_000_000} MB.` },
      });
      return;
    }
    const result = await sendUpload<{ valid: true; summary: Summary }>(file, format, true);
    if (!result.ok) {
      setStep({ kind: "invalid", name: file.name, error: result.error });
      return;
    }
    const { summary } = result.data;
    const title = summary.title ?? (file.name.replace(/\.snap\.zip$|\.zip$/i, "") || "Untitled");
    setStep({ kind: "valid", name: file.name, title, source: { kind: "upload", format, file }, summary, preview: summary.preview ?? [] });
  }

  async function importNow() {
    if (step.kind !== "valid") return;
    setImporting(true);
    setImportError(null);
    const { source } = step;
    let result: ApiResult<{ snap: { id: string } }>;
    if (source.kind === "upload") {
      const sent = await sendUpload<{ snap: { id: string } } | { job: ImportJob }>(source.file, source.format, false);
      // An upload runs as a job: its progress shows until the board is made (docs/API.md, "Import jobs").
      result = sent.ok && "job" in sent.data ? await followImportJob(sent.data.job, setJobProgress) : (sent as ApiResult<{ snap: { id: string } }>);
    } else if (source.kind === "trello") {
      result = await callApi<{ snap: { id: string } }>("/api/snaps/import/trello", { method: "POST", body: source.board });
    } else {
      result = await callApi<{ snap: { id: string } }>("/api/snaps/import", { method: "POST", body: source.document });
    }
    if (result.ok) {
      router.push(`/snaps/${encodeURIComponent(result.data.snap.id)}`);
      return;
    }
    setImporting(false);
    setJobProgress(null);
    setImportError(result.error.message);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void check(file);
  }

  return (
    <div className="space-y-4">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-indigo-500 ${
          dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-slate-50 hover:border-slate-400"
        }`}
      >
        <UploadIcon className="size-6 text-slate-500" />
        <span className="text-sm font-medium text-slate-800">{step.kind === "choose" ? "Choose a file or drop it here" : step.name}</span>
        <span className="text-xs text-slate-500">
          {step.kind === "choose" ? ".snap.json, .snap.zip, Trello .json, .xlsx, .csv or .tsv" : "Choose another file or drop it here"}
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".json,.zip,.xlsx,.csv,.tsv,application/json,application/zip,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          data-autofocus
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void check(file);
            event.target.value = "";
          }}
        />
      </label>

      <div aria-live="polite">
        {step.kind === "checking" && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Checking {step.name}…
          </p>
        )}
        {step.kind === "valid" && (
          <div className="rounded-lg bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
            <p className="font-semibold">Ready to import “{step.title}”</p>
            <p className="mt-0.5">
              {step.summary.rows} × {step.summary.cols} grid, {plural(step.summary.cards, "card")}, {plural(step.summary.lines, "line")}
              {step.summary.files !== undefined && `, ${plural(step.summary.files, "file")}`}
            </p>
            <ImportPreview cells={step.preview} />
          </div>
        )}
        {step.kind === "invalid" && <Problems error={step.error} />}
        {jobProgress && <ImportProgress name={step.kind === "choose" ? "" : step.name} progress={jobProgress} />}
      </div>
      {importError && <Alert title="Could not import">{importError}</Alert>}

      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => void importNow()} disabled={step.kind !== "valid"} pending={importing}>
          {importing ? "Importing…" : "Import"}
        </Button>
      </DialogActions>
    </div>
  );
}

/** A file sent as it is to its import route, by its name or type; null for JSON (an export document or a Trello export). */
function uploadFormat(file: File): UploadFormat | null {
  const name = file.name.toLowerCase();
  if (name.endsWith(".zip") || file.type === "application/zip" || file.type === "application/x-zip-compressed") return "zip";
  if (name.endsWith(".xlsx") || file.type === "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet") return "xlsx";
  if (name.endsWith(".tsv") || file.type === "text/tab-separated-values") return "tsv";
  if (name.endsWith(".csv") || file.type === "text/csv") return "csv";
  return null;
}

/** A Trello board export: JSON with `lists` and `cards` arrays, and not our own document. */
function isTrelloExport(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const object = value as { format?: unknown; lists?: unknown; cards?: unknown };
  return object.format !== "snap-board" && Array.isArray(object.lists) && Array.isArray(object.cards);
}

/** The first cells of an export document, as the server previews the other formats. */
function documentPreview(document: unknown): string[][] {
  const cards = (document as { cards?: { row?: unknown; col?: unknown; title?: unknown }[] }).cards ?? [];
  const rows = Array.from({ length: 5 }, () => Array.from({ length: 6 }, () => ""));
  for (const card of cards) {
    const row = typeof card.row === "number" ? rows[card.row] : undefined;
    const col = typeof card.col === "number" ? card.col : 99;
    if (row && col < 6 && row[col] === "")
      row[col] = String(card.title ?? "")
        .replace(/\s+/g, " ")
        .slice(0, 80);
  }
  const lastRow = rows.findLastIndex((row) => row.some(Boolean));
  const lastCol = Math.max(-1, ...rows.map((row) => row.findLastIndex(Boolean)));
  return rows.slice(0, lastRow + 1).map((row) => row.slice(0, lastCol + 1));
}

const UPLOAD_ROUTES: Record<UploadFormat, { path: string; type: string }> = {
  zip: { path: "/api/snaps/import/zip", type: "application/zip" },
  xlsx: { path: "/api/snaps/import/xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  csv: { path: "/api/snaps/import/csv", type: "text/csv" },
  tsv: { path: "/api/snaps/import/csv", type: "text/tab-separated-values" },
};

/**
 * A file to its import route as multipart/form-data (its name titles a CSV or workbook; a dry run
 * first, then the import). The import carries an Idempotency-Key, so a retried click is one import.
 */
async function sendUpload<T>(file: File, format: UploadFormat, dryRun: boolean): Promise<ApiResult<T>> {
  const route = UPLOAD_ROUTES[format];
  const form = new FormData();
  form.append("file", new Blob([file], { type: route.type }), file.name);
  let response: Response;
  try {
    response = await fetch(`${route.path}${dryRun ? "?dryRun=true" : ""}`, {
      method: "POST",
      // The import (not its dry run) runs as a job, whose progress the dialog shows, and is safe to retry.
      headers: {
        ...(format === "zip" ? { "Content-Type": route.type } : {}),
        ...(dryRun ? {} : { "Idempotency-Key": crypto.randomUUID(), Prefer: "respond-async" }),
      },
      body: format === "zip" ? file : form,
      cache: "no-store",
    });
  } catch {
    return { ok: false, status: 0, error: { code: "NETWORK", message: "Could not reach the server. Check your connection and try again." } };
  }
  const payload = (await response.json().catch(() => null)) as { error?: ApiErrorBody } | null;
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  return {
    ok: false,
    status: response.status,
    error: payload?.error?.message ? payload.error : { code: "UNKNOWN", message: "The file could not be imported. Please try again." },
  };
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;
}

/** The dry run's refusal: each problem with its JSON path, the first ones only. */
function Problems({ error }: { error: ApiErrorBody }) {
  const details = error.details ?? [];
  return (
    <Alert title="This file cannot be imported">
      {details.length === 0 ? (
        <p>{error.message}</p>
      ) : (
        <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto">
          {details.slice(0, SHOWN_PROBLEMS).map((detail, index) => (
            <li key={index}>
              <code className="rounded bg-red-100 px-1 py-0.5 font-mono text-xs">{detail.path}</code> {detail.message}
            </li>
          ))}
          {details.length > SHOWN_PROBLEMS && <li>…and {details.length - SHOWN_PROBLEMS} more</li>}
        </ul>
      )}
    </Alert>
  );
}
