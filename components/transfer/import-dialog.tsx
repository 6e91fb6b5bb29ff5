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
const SHOWN_PROBLEMS = 20;

interface Summary {
  rows: number;
  cols: number;
  cards: number;
  lines: number;
  /** A .snap.zip's files. */
  files?: number;
}

/** What is imported: an export document, or a .snap.zip sent as it is (the server reads its document and files). */
type Source = { kind: "document"; document: unknown } | { kind: "archive"; file: File };

type Step =
  | { kind: "choose" }
  | { kind: "checking"; name: string }
  | { kind: "valid"; name: string; title: string; source: Source; summary: Summary }
  | { kind: "invalid"; name: string; error: ApiErrorBody };

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
      description="Choose a .snap.json or .snap.zip (with its files) exported from a board. It becomes a new private snap of yours."
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

  async function check(file: File) {
    setImportError(null);
    setStep({ kind: "checking", name: file.name });
    if (isArchive(file)) {
      await checkArchive(file);
      return;
    }
    if (file.size > MAX_BYTES) {
      setStep({ kind: "invalid", name: file.name, error: { code: "PAYLOAD_TOO_LARGE", message: `The file is larger than ${MAX_BYTES / 1_000_000} MB.` } });
      return;
    }
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setStep({
        kind: "invalid",
        name: file.name,
        error: { code: "BAD_REQUEST", message: "This file is not JSON. Choose a .snap.json file exported from a board." },
      });
      return;
    }
    const result = await callApi<{ valid: true; summary: Summary }>("/api/snaps/import?dryRun=true", { method: "POST", body: document });
    if (!result.ok) {
      setStep({ kind: "invalid", name: file.name, error: result.error });
      return;
    }
    const title = String((document as { snap?: { title?: unknown } }).snap?.title ?? "Untitled");
    setStep({ kind: "valid", name: file.name, title, source: { kind: "document", document }, summary: result.data.summary });
  }

  async function checkArchive(file: File) {
    if (file.size > ARCHIVE_LIMITS.bytes) {
      setStep({
        kind: "invalid",
        name: file.name,
        error: { code: "PAYLOAD_TOO_LARGE", message: `The archive is larger than ${ARCHIVE_LIMITS.bytes / 1_000_000} MB.` },
      });
      return;
    }
    const result = await sendArchive<{ valid: true; summary: Summary }>(file, true);
    if (!result.ok) {
      setStep({ kind: "invalid", name: file.name, error: result.error });
      return;
    }
    const title = file.name.replace(/\.snap\.zip$|\.zip$/i, "") || "Untitled";
    setStep({ kind: "valid", name: file.name, title, source: { kind: "archive", file }, summary: result.data.summary });
  }

  async function importNow() {
    if (step.kind !== "valid") return;
    setImporting(true);
    setImportError(null);
    const result =
      step.source.kind === "archive"
        ? await sendArchive<{ snap: { id: string } }>(step.source.file, false)
        : await callApi<{ snap: { id: string } }>("/api/snaps/import", { method: "POST", body: step.source.document });
    if (result.ok) {
      router.push(`/snaps/${encodeURIComponent(result.data.snap.id)}`);
      return;
    }
    setImporting(false);
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
          {step.kind === "choose" ? "A .snap.json export (up to 8 MB), or a .snap.zip with its files" : "Choose another file or drop it here"}
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".json,.zip,application/json,application/zip"
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
          </div>
        )}
        {step.kind === "invalid" && <Problems error={step.error} />}
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

function isArchive(file: File): boolean {
  return /\.zip$/i.test(file.name) || file.type === "application/zip" || file.type === "application/x-zip-compressed";
}

/** A .snap.zip to POST /api/snaps/import/zip as the raw body (a dry run first, then the import). */
async function sendArchive<T>(file: File, dryRun: boolean): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(`/api/snaps/import/zip${dryRun ? "?dryRun=true" : ""}`, {
      method: "POST",
      headers: { "Content-Type": "application/zip" },
      body: file,
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
    error: payload?.error?.message ? payload.error : { code: "UNKNOWN", message: "The archive could not be imported. Please try again." },
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
