import type { ImportJob } from "./follow-import-job";

/** An import job's progress (docs/API.md, "Import jobs"): a determinate bar once its total is known. */
export function ImportProgress({ name, progress }: { name: string; progress: ImportJob["progress"] }) {
  const { done, total } = progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="space-y-1.5">
      <p className="text-sm text-slate-700">
        Importing {name}… {total > 0 ? `${done.toLocaleString("en")} of ${total.toLocaleString("en")}` : "starting"}
      </p>
      <div
        role="progressbar"
        aria-label={`Importing ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
