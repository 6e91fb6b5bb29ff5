"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { duplicateSnap } from "@/components/transfer/duplicate-snap";
import { ImportSnapButton } from "@/components/transfer/import-snap-button";
import { Toast } from "@/components/ui/toast";
import { isFiltered, parseDashboardQuery, toSearchParams, type DashboardQuery } from "./dashboard-query";
import type { FolderSummary, SnapSummary, Viewer } from "./dashboard-types";
import { DeleteFolderDialog } from "./delete-folder-dialog";
import { FolderNameDialog, type FolderNameTarget } from "./folder-name-dialog";
import { FolderSidebar } from "./folder-sidebar";
import { NewSnapDialog } from "./new-snap-dialog";
import { SnapResults } from "./snap-results";
import { SnapToolbar } from "./snap-toolbar";
import { useSnapPage, type LoadedPage } from "./use-snap-page";

interface DashboardProps {
  initialPage: LoadedPage;
  initialFolders: FolderSummary[];
  /** Unique per server render (see useSnapPage). */
  renderId: string;
  viewer: Viewer;
}

const byName = (a: FolderSummary, b: FolderSummary) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * Server renders already shown in this tab. The router replays a rendered page on Back and Forward
 * without asking the server, so meeting the same render again means its data may be stale (a snap
 * created since, say): the list and the folders are then fetched afresh.
 */
const shownRenders = new Set<string>();

/** The workspace's folders, or null when they could not be read (the list keeps what it had). */
async function fetchFolders(signal?: AbortSignal): Promise<FolderSummary[] | null> {
  const response = await callApi<{ folders: FolderSummary[] }>("/api/folders", { signal });
  return response.ok ? response.data.folders.map(({ id, name, userId }) => ({ id, name, userId })) : null;
}

/**
 * The workspace's snaps with search, filters, sort, pages and folders. All of that state lives in
 * the address (see dashboard-query): controls change the URL through the History API, which Next
 * follows without a server round trip, and the list is fetched for whatever the URL says.
 */
export function Dashboard({ initialPage, initialFolders, renderId, viewer }: DashboardProps) {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const query = useMemo(() => parseDashboardQuery(searchParams), [searchParams]);
  const key = toSearchParams(query).toString();
  const { result, refreshing, reload } = useSnapPage(key, initialPage);

  const [folders, setFolders] = useState(initialFolders);
  const [newSnapOpen, setNewSnapOpen] = useState(false);
  const [folderTarget, setFolderTarget] = useState<FolderNameTarget>(null);
  const [deletingFolder, setDeletingFolder] = useState<FolderSummary | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const newFolderButtonRef = useRef<HTMLButtonElement>(null);
  const dismissToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    if (!shownRenders.has(renderId)) {
      shownRenders.add(renderId);
      return;
    }
    reload();
    const controller = new AbortController();
    fetchFolders(controller.signal)
      .then((fresh) => fresh && setFolders(fresh))
      .catch(() => {
        // Aborted: the page went away.
      });
    return () => controller.abort();
  }, [renderId, reload]);

  /** A new state in the address; any change but paging goes back to the first page. */
  const navigate = useCallback(
    (patch: Partial<DashboardQuery>, history: "push" | "replace" = "push") => {
      const next = { ...query, offset: 0, ...patch };
      const search = toSearchParams(next).toString();
      if (search === key) return;
      const url = search ? `${pathname}?${search}` : pathname;
      if (history === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [query, key, pathname],
  );

  const selectedFolder = folders.find((folder) => folder.id === query.folderId) ?? null;

  async function moveSnap(snap: SnapSummary, folderId: string | null) {
    if ((snap.folder?.id ?? null) === folderId) return;
    setActionError(null);
    const response = await callApi(`/api/snaps/${encodeURIComponent(snap.id)}`, { method: "PATCH", body: { folderId } });
    if (!response.ok) {
      setActionError(response.status === 403 ? `You may not edit “${snap.title}”, so it cannot be moved.` : response.error.message);
      return;
    }
    const folderName = folders.find((folder) => folder.id === folderId)?.name;
    setToast(folderName ? `Moved “${snap.title}” to ${folderName}` : `Removed “${snap.title}” from its folder`);
    reload();
  }

  async function duplicate(snap: SnapSummary) {
    setActionError(null);
    const response = await duplicateSnap(snap.id);
    if (!response.ok) {
      setActionError(response.error.message);
      return;
    }
    setToast(`Duplicated as “${response.data.snap.title}”`);
    reload();
  }

  function folderSaved(folder: FolderSummary, mode: "create" | "rename") {
    setFolderTarget(null);
    setFolders((current) => [...current.filter((existing) => existing.id !== folder.id), folder].sort(byName));
    setToast(mode === "create" ? `Folder “${folder.name}” created` : `Folder renamed to “${folder.name}”`);
    // Tiles show their folder's name.
    if (mode === "rename") reload();
  }

  function folderDeleted(folder: FolderSummary) {
    setDeletingFolder(null);
    setFolders((current) => current.filter((existing) => existing.id !== folder.id));
    setToast(`Folder “${folder.name}” deleted; its snaps are now unfiled`);
    if (query.folderId === folder.id) navigate({ folderId: null });
    else reload();
  }

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Your snaps</h1>
          <p className="mt-1 text-sm text-slate-600">Your boards, and the ones shared with your workspace.</p>
        </div>
        <div className="flex gap-2 self-start sm:self-auto">
          <ImportSnapButton />
          <Button onClick={() => setNewSnapOpen(true)}>
            <PlusIcon className="size-4" />
            New snap
          </Button>
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <FolderSidebar
          folders={folders}
          selectedId={query.folderId}
          viewer={viewer}
          onSelect={(folderId) => navigate({ folderId })}
          onCreate={() => setFolderTarget({ mode: "create" })}
          onRename={(folder) => setFolderTarget({ mode: "rename", folder })}
          onDelete={setDeletingFolder}
          createButtonRef={newFolderButtonRef}
        />

        <section aria-labelledby="snaps-heading" className="min-w-0 space-y-4">
          <h2 id="snaps-heading" className="sr-only">
            {selectedFolder ? `Snaps in ${selectedFolder.name}` : "All snaps"}
          </h2>
          <SnapToolbar query={query} onChange={navigate} />
          {actionError && <Alert title="That did not work">{actionError}</Alert>}
          <SnapResults
            query={query}
            result={result}
            refreshing={refreshing}
            folders={folders}
            filtered={isFiltered(query)}
            onRetry={() => {
              reload();
              void fetchFolders().then((fresh) => fresh && setFolders(fresh));
            }}
            onCreate={() => setNewSnapOpen(true)}
            onClearFilters={() => navigate({ search: "", visibility: "all", folderId: null })}
            onPage={(offset) => navigate({ offset })}
            onMove={moveSnap}
            onDuplicate={duplicate}
          />
        </section>
      </div>

      <NewSnapDialog open={newSnapOpen} onClose={() => setNewSnapOpen(false)} />
      <FolderNameDialog target={folderTarget} onClose={() => setFolderTarget(null)} onSaved={folderSaved} />
      <DeleteFolderDialog folder={deletingFolder} onClose={() => setDeletingFolder(null)} onDeleted={folderDeleted} fallbackFocusRef={newFolderButtonRef} />
      <Toast message={toast} onDismiss={dismissToast} />
    </>
  );
}
