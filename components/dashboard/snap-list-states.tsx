import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { GridIcon, PlusIcon } from "@/components/ui/icons";
import { SearchIcon } from "@/components/ui/icons";

/** Placeholder tiles while a page of snaps loads; announced once as a status. */
export function SkeletonTiles({ count = 6 }: { count?: number }) {
  return (
    <div role="status">
      <span className="sr-only">Loading snaps…</span>
      <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <div className="h-32 rounded-t-2xl border-b border-slate-100 bg-slate-100/70" />
            <div className="flex gap-3 p-4">
              <div className="size-9 rounded-lg bg-slate-100" />
              <div className="flex-1 space-y-2 pt-1">
                <div className="h-3.5 w-2/3 rounded bg-slate-200" />
                <div className="h-3 w-1/3 rounded bg-slate-100" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StatePanel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">{icon}</div>
      <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

/** The workspace has no snaps at all. */
export function EmptySnaps({ onCreate }: { onCreate: () => void }) {
  return (
    <StatePanel icon={<GridIcon className="size-6" />} title="No snaps yet — create your first">
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
        A snap is a grid board of cards. Snaps you create here or through the API show up on this page.
      </p>
      <Button onClick={onCreate} className="mt-5">
        <PlusIcon className="size-4" />
        New snap
      </Button>
    </StatePanel>
  );
}

/** Snaps exist, but none pass the search and filters. */
export function NoMatchingSnaps({ search, onClear }: { search: string; onClear: () => void }) {
  return (
    <StatePanel icon={<SearchIcon className="size-6" />} title={search ? `No snaps match “${search}”` : "No snaps match these filters"}>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">Try another search, or clear the search and filters to see every snap.</p>
      <Button variant="secondary" onClick={onClear} className="mt-5">
        Clear search and filters
      </Button>
    </StatePanel>
  );
}

/** Past the last page (say, after snaps were deleted elsewhere). */
export function PastLastPage({ onFirstPage }: { onFirstPage: () => void }) {
  return (
    <StatePanel icon={<GridIcon className="size-6" />} title="Nothing on this page">
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">There are fewer snaps than this page needs.</p>
      <Button variant="secondary" onClick={onFirstPage} className="mt-5">
        Go to the first page
      </Button>
    </StatePanel>
  );
}

export function SnapsLoadError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <Alert title="Could not load snaps">{message}</Alert>
      <Button variant="secondary" size="sm" onClick={onRetry} pending={retrying}>
        Try again
      </Button>
    </div>
  );
}
