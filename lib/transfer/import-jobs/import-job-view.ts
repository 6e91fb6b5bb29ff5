import type { ImportJobView } from "./import-job-schemas";

/** The columns a job's view is made of. */
export interface ImportJobRow {
  id: string;
  status: "running" | "done" | "failed";
  done: number;
  total: number;
}

export function importJobUrl(id: string): string {
  return `/api/import-jobs/${encodeURIComponent(id)}`;
}

export function toImportJobView(row: ImportJobRow): ImportJobView {
  return { id: row.id, status: row.status, progress: { done: row.done, total: row.total }, url: importJobUrl(row.id) };
}
