"use client";

import type { ApiResult } from "@/components/http/call-api";
import type { DashboardQuery } from "./dashboard-query";
import type { FolderSummary, SnapPage, SnapSummary } from "./dashboard-types";
import { Pagination } from "./pagination";
import { EmptySnaps, NoMatchingSnaps, PastLastPage, SkeletonTiles, SnapsLoadError } from "./snap-list-states";
import { SnapTile } from "./snap-tile";

interface SnapResultsProps {
  query: DashboardQuery;
  /** null while a new query loads. */
  result: ApiResult<SnapPage> | null;
  refreshing: boolean;
  folders: FolderSummary[];
  filtered: boolean;
  onRetry: () => void;
  onCreate: () => void;
  onClearFilters: () => void;
  onPage: (offset: number) => void;
  onMove: (snap: SnapSummary, folderId: string | null) => void;
  onDuplicate: (snap: SnapSummary) => void;
}

/** The list in whichever state it is: loading, failed, empty, no matches, or tiles with pages. */
export function SnapResults({
  query,
  result,
  refreshing,
  folders,
  filtered,
  onRetry,
  onCreate,
  onClearFilters,
  onPage,
  onMove,
  onDuplicate,
}: SnapResultsProps) {
  if (result === null) return <SkeletonTiles />;
  if (!result.ok) return <SnapsLoadError message={result.error.message} retrying={refreshing} onRetry={onRetry} />;

  const { snaps, pagination } = result.data;
  if (snaps.length === 0) {
    if (pagination.total > 0) return <PastLastPage onFirstPage={() => onPage(0)} />;
    return filtered ? <NoMatchingSnaps search={query.search} onClear={onClearFilters} /> : <EmptySnaps onCreate={onCreate} />;
  }

  return (
    <div aria-busy={refreshing || undefined} className="space-y-5">
      <ul aria-label="Snaps" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {snaps.map((snap) => (
          <SnapTile key={snap.id} snap={snap} folders={folders} onMove={onMove} onDuplicate={onDuplicate} />
        ))}
      </ul>
      <Pagination offset={pagination.offset} shown={snaps.length} total={pagination.total} limit={pagination.limit} onPage={onPage} />
    </div>
  );
}
