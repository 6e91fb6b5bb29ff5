"use client";

import Link from "next/link";
import { GridIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import type { FolderSummary, SnapSummary } from "./dashboard-types";
import { FolderIcon, GlobeIcon, MoreIcon } from "@/components/ui/icons";
import { MenuButton, type MenuItem } from "@/components/ui/menu-button";
import { DuplicateIcon } from "@/components/transfer/transfer-icons";
import { SnapPreview } from "./snap-preview";

interface SnapTileProps {
  snap: SnapSummary;
  folders: FolderSummary[];
  onMove: (snap: SnapSummary, folderId: string | null) => void;
  onDuplicate: (snap: SnapSummary) => void;
}

/**
 * One snap: preview, icon, title (the link, stretched over the tile), subtitle, meta, and a menu
 * to file it in a folder. No transform on hover: it would trap the open menu under later tiles.
 */
export function SnapTile({ snap, folders, onMove, onDuplicate }: SnapTileProps) {
  const currentFolderId = snap.folder?.id ?? null;
  const moveItems: MenuItem[] = [
    { id: "none", label: "No folder", checked: currentFolderId === null, onSelect: () => onMove(snap, null) },
    ...folders.map((folder) => ({
      id: folder.id,
      label: folder.name,
      checked: currentFolderId === folder.id,
      icon: <FolderIcon className="size-4 shrink-0 text-slate-400" />,
      onSelect: () => onMove(snap, folder.id),
    })),
  ];

  return (
    <li className="relative flex min-w-0 flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md hover:ring-slate-300 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-indigo-500">
      <SnapPreview cells={snap.previewCells} cellCount={snap.cellCount} />
      <div className="flex items-start gap-3 p-4">
        <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-lg text-indigo-600">
          {snap.icon || <GridIcon className="size-5" />}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold text-slate-900">
            <Link href={`/snaps/${encodeURIComponent(snap.id)}`} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none!">
              {snap.title}
            </Link>
          </h3>
          {snap.subtitle && <p className="mt-0.5 truncate text-sm text-slate-500">{snap.subtitle}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1.5 text-xs text-slate-500">
            <span>
              Updated <RelativeTime value={snap.updatedAt} />
            </span>
            {snap.isPublic && (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-700 ring-1 ring-emerald-600/20 ring-inset">
                <GlobeIcon className="size-3" />
                Public
              </span>
            )}
            {snap.folder && (
              <span className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-600">
                <FolderIcon className="size-3 shrink-0" />
                <span className="sr-only">In folder </span>
                <span className="truncate">{snap.folder.name}</span>
              </span>
            )}
          </div>
        </div>
        <div className="relative z-10 -mt-1 -mr-1">
          <MenuButton
            label={`Actions for ${snap.title}`}
            heading="Move to folder"
            items={moveItems}
            leadingItems={[
              { id: "duplicate", label: "Duplicate", icon: <DuplicateIcon className="size-4 shrink-0 text-slate-400" />, onSelect: () => onDuplicate(snap) },
            ]}
            buttonClassName="flex size-8 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700 aria-expanded:bg-slate-100 aria-expanded:text-slate-700"
          >
            <MoreIcon />
          </MenuButton>
        </div>
      </div>
    </li>
  );
}
