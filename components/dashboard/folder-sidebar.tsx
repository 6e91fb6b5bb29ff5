"use client";

import type { Ref } from "react";
import type { FolderSummary, Viewer } from "./dashboard-types";
import { FolderIcon, FolderPlusIcon, MoreIcon, PencilIcon, StackIcon } from "@/components/ui/icons";
import { MenuButton } from "@/components/ui/menu-button";
import { TrashIcon } from "@/components/ui/icons";

interface FolderSidebarProps {
  folders: FolderSummary[];
  selectedId: string | null;
  viewer: Viewer;
  onSelect: (folderId: string | null) => void;
  onCreate: () => void;
  onRename: (folder: FolderSummary) => void;
  onDelete: (folder: FolderSummary) => void;
  createButtonRef?: Ref<HTMLButtonElement>;
}

const ENTRY = "flex min-w-0 flex-1 items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm font-medium";
const entryTone = (selected: boolean) => (selected ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900");

/**
 * The workspace's folders as filters. A column beside the snaps on wide screens; above them, as
 * wrapping chips, on a phone (wrapping rather than scrolling, so a folder's menu is not clipped).
 */
export function FolderSidebar({ folders, selectedId, viewer, onSelect, onCreate, onRename, onDelete, createButtonRef }: FolderSidebarProps) {
  return (
    <nav aria-labelledby="folders-heading" className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24">
      <div className="flex items-center justify-between gap-2 pb-2 pl-2.5">
        <h2 id="folders-heading" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Folders
        </h2>
        <button
          ref={createButtonRef}
          type="button"
          aria-label="New folder"
          title="New folder"
          onClick={onCreate}
          className="flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <FolderPlusIcon className="size-4.5" />
        </button>
      </div>
      <ul className="flex flex-wrap gap-1 lg:flex-col">
        <li className="flex">
          <button type="button" aria-pressed={selectedId === null} onClick={() => onSelect(null)} className={`${ENTRY} ${entryTone(selectedId === null)}`}>
            <StackIcon className="size-4 shrink-0" />
            All snaps
          </button>
        </li>
        {folders.map((folder) => {
          const selected = folder.id === selectedId;
          const canManage = viewer.isAdmin || folder.userId === viewer.userId;
          return (
            <li key={folder.id} className={`group flex max-w-full min-w-0 items-center rounded-lg ${selected ? "bg-indigo-50" : ""}`}>
              <button type="button" aria-pressed={selected} onClick={() => onSelect(folder.id)} className={`${ENTRY} ${entryTone(selected)}`}>
                <FolderIcon className="size-4 shrink-0" />
                <span className="truncate">{folder.name}</span>
              </button>
              {canManage && (
                <MenuButton
                  label={`Folder actions for ${folder.name}`}
                  align="right"
                  buttonClassName="mr-0.5 flex size-7 items-center justify-center rounded-md text-slate-400 hover:bg-slate-200/70 hover:text-slate-700 aria-expanded:bg-slate-200/70"
                  items={[
                    { id: "rename", label: "Rename", icon: <PencilIcon className="size-4 text-slate-400" />, onSelect: () => onRename(folder) },
                    { id: "delete", label: "Delete", tone: "danger", icon: <TrashIcon className="size-4" />, onSelect: () => onDelete(folder) },
                  ]}
                >
                  <MoreIcon className="size-4" />
                </MenuButton>
              )}
            </li>
          );
        })}
      </ul>
      {folders.length === 0 && <p className="px-2.5 pt-2 text-xs text-slate-500">No folders yet. Create one to group snaps.</p>}
    </nav>
  );
}
