"use client";

import type { ReactNode } from "react";
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, ChevronUpIcon, CloseIcon } from "@/components/ui/icons";

interface InspectorPanelProps {
  title: string;
  /** Something is selected: on a phone the sheet shows only then. */
  active: boolean;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Wide screens: folded to a narrow rail beside the board (remembered by the browser). */
  railed: boolean;
  onToggleRailed: () => void;
  /** Narrow screens: another bottom sheet (the comments) is open, and this one steps aside for it. */
  sheetHidden?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The inspector: a side panel on wide screens, which folds to a narrow rail; on narrow ones a
 * bottom sheet over the board that can be collapsed to its title bar, so the board stays usable.
 */
export function InspectorPanel({
  title,
  active,
  collapsed,
  onToggleCollapsed,
  railed,
  onToggleRailed,
  sheetHidden = false,
  onClose,
  children,
}: InspectorPanelProps) {
  const railButton = (
    <button
      type="button"
      aria-label={railed ? "Expand inspector" : "Collapse inspector"}
      aria-expanded={!railed}
      title={railed ? "Show the inspector" : "Fold the inspector away"}
      onClick={onToggleRailed}
      className="hidden size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 lg:flex"
    >
      {railed ? <ChevronLeftIcon className="size-4" /> : <ChevronRightIcon className="size-4" />}
    </button>
  );
  if (railed) {
    return (
      <>
        <aside aria-label="Inspector" className="hidden w-11 shrink-0 flex-col items-center border-l border-slate-200 bg-white py-2 lg:flex">
          {railButton}
        </aside>
        {/* On a phone the sheet is what it always is: the rail is a wide screen's. */}
        <div className="contents lg:hidden">{sheet()}</div>
      </>
    );
  }
  return sheet();

  function sheet() {
    // On a phone the sheet's foot (pb-14) is the zoom controls' room: they sit above it, not under it.
    return (
      <aside
        aria-label="Inspector"
        className={`${active && !sheetHidden ? "flex" : "hidden"} ${railed ? "" : "lg:flex"} absolute inset-x-0 bottom-0 z-30 max-h-[55%] flex-col rounded-t-2xl border-t border-slate-200 bg-white pb-14 shadow-[0_-8px_30px_rgb(15_23_42/0.12)] lg:static lg:z-auto lg:max-h-none lg:w-80 lg:shrink-0 lg:rounded-none lg:border-t-0 lg:border-l lg:pb-0 lg:shadow-none`}
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-100 py-2 pr-2 pl-4">
          <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
          <div className="flex items-center gap-1">
            {railButton}
            {active && (
              <>
                <button
                  type="button"
                  aria-label={collapsed ? "Expand inspector" : "Collapse inspector"}
                  aria-expanded={!collapsed}
                  onClick={onToggleCollapsed}
                  className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 lg:hidden pointer-coarse:size-11"
                >
                  {collapsed ? <ChevronUpIcon className="size-4" /> : <ChevronDownIcon className="size-4" />}
                </button>
                <button
                  type="button"
                  aria-label="Close inspector"
                  onClick={onClose}
                  className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 pointer-coarse:size-11"
                >
                  <CloseIcon className="size-4" />
                </button>
              </>
            )}
          </div>
        </div>
        <div className={`min-h-0 flex-1 overflow-y-auto overscroll-contain ${collapsed ? "hidden lg:block" : ""}`}>{children}</div>
      </aside>
    );
  }
}
