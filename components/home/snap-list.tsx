import { GridIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";

export interface SnapListItem {
  id: string;
  title: string;
  updatedAt: string;
}

/** The caller's snaps, newest first, or a friendly empty state. */
export function SnapList({ snaps }: { snaps: SnapListItem[] }) {
  if (snaps.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <GridIcon className="size-6" />
        </div>
        <h2 className="mt-4 text-base font-semibold text-slate-900">No snaps yet</h2>
        <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
          Snaps you create, in the app or through the API, will show up here.
        </p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {snaps.map((snap) => (
        <li key={snap.id} className="flex items-center gap-4 px-4 py-3.5 sm:px-5">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
            <GridIcon className="size-5" />
          </span>
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{snap.title}</span>
          <span className="shrink-0 text-sm text-slate-500">
            Updated <RelativeTime value={snap.updatedAt} />
          </span>
        </li>
      ))}
    </ul>
  );
}
