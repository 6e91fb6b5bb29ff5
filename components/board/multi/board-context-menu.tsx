"use client";

import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { DEFAULT_SWATCHES } from "@/components/ui/color-picker";
import { CARD_TYPES } from "@/lib/card-types/registry";
import { BOARD_COMMANDS } from "../commands/board-commands";
import { commandLabel, MENU_SECTIONS, type CommandContext, type MenuSection } from "../commands/command-types";
import { ariaChord, chordLabel } from "../commands/key-chord";

interface BoardContextMenuProps {
  at: { x: number; y: number };
  /** The commands' context: the selection, and the rows and columns it covers. */
  context: CommandContext;
  onClose: () => void;
}

/** The commands of each menu section, in the table's order. */
const SECTIONS = new Map(MENU_SECTIONS.map((section) => [section, BOARD_COMMANDS.filter((command) => command.menu === section)]));

const ITEM =
  "flex w-full items-center gap-3 rounded-md px-2.5 py-1.5 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus-visible:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent";

/**
 * The board's context menu (right click, long press, Shift+F10, the menu key): the clipboard,
 * duplicate, delete and lock, type and colour, align and distribute (several cards), and rows and
 * columns around the selection; each item a command of the table, with its label and keys. A WAI-ARIA
 * menu: arrows, Home and End move, Escape or Tab closes, focus returns to where it was.
 */
export function BoardContextMenu({ at, context, onClose }: BoardContextMenuProps) {
  const menuRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState(at);
  const [open, setOpen] = useState<"type" | "color" | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useLayoutEffect(() => {
    const menu = menuRef.current;
    // Opened again while open (the menu key also makes a contextmenu event): focus still returns to where it was before.
    if (document.activeElement instanceof HTMLElement && !menu?.contains(document.activeElement)) returnTo.current = document.activeElement;
    if (!menu) return;
    // Inside the window, whatever the click's place.
    const box = menu.getBoundingClientRect();
    setPlace({ x: Math.max(8, Math.min(at.x, window.innerWidth - box.width - 8)), y: Math.max(8, Math.min(at.y, window.innerHeight - box.height - 8)) });
    menu.querySelector<HTMLElement>("[data-menu-item]:not([aria-disabled='true'])")?.focus();
  }, [at]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener("pointerdown", outside, true);
    return () => document.removeEventListener("pointerdown", outside, true);
  }, [onClose]);

  const close = (refocus: boolean) => {
    onClose();
    if (refocus && returnTo.current?.isConnected) returnTo.current.focus({ preventScroll: true });
  };
  const choose = (action: () => void) => {
    close(true);
    action();
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>("[data-menu-item]:not([aria-disabled='true'])") ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(items.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === "Tab") {
      event.preventDefault();
      close(true);
    }
  }

  const none = context.selected.length === 0;
  const section = (name: MenuSection) =>
    SECTIONS.get(name)!.map((command) => (
      <Item
        key={command.id}
        label={commandLabel(command, context)}
        keys={command.keys?.[0]}
        disabled={command.when ? !command.when(context) : false}
        onSelect={() => choose(() => command.perform(context))}
      />
    ));
  const setType = (cellType: string) => context.editor?.patchSelection({ cellType });
  const setColor = (color: string) => context.editor?.patchSelection({ color });
  return (
    <div
      ref={menuRef}
      role="menu"
      aria-label="Board actions"
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
      className="fixed z-50 max-h-[calc(100dvh-1rem)] w-64 overflow-y-auto rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10"
      style={{ left: place.x, top: place.y }}
    >
      {section("edit")}
      <Separator />
      <Item label="Type" expanded={open === "type"} disabled={none} onSelect={() => setOpen(open === "type" ? null : "type")} />
      {open === "type" && (
        <div role="group" aria-label="Type" className="pl-3">
          {CARD_TYPES.map((type) => (
            <Item key={type.name} label={type.label} onSelect={() => choose(() => setType(type.name))} />
          ))}
        </div>
      )}
      <Item label="Colour" expanded={open === "color"} disabled={none} onSelect={() => setOpen(open === "color" ? null : "color")} />
      {open === "color" && (
        <div role="group" aria-label="Colour" className="grid grid-cols-5 gap-1 p-1.5">
          <Swatch color="" onSelect={() => choose(() => setColor(""))} />
          {DEFAULT_SWATCHES.map((color) => (
            <Swatch key={color} color={color} onSelect={() => choose(() => setColor(color))} />
          ))}
        </div>
      )}
      {section("lock")}
      {context.selected.length > 1 && (
        <>
          <Separator />
          {section("arrange")}
        </>
      )}
      <Separator />
      {section("tracks")}
      <Separator />
      {section("help")}
    </div>
  );
}

function Separator() {
  return <div role="separator" className="my-1.5 border-t border-slate-200" />;
}

function Item({
  label,
  keys,
  disabled = false,
  expanded,
  onSelect,
}: {
  label: string;
  keys?: string;
  disabled?: boolean;
  expanded?: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      data-menu-item
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      aria-expanded={expanded}
      aria-keyshortcuts={(keys && ariaChord(keys)) || undefined}
      onClick={() => {
        if (!disabled) onSelect();
      }}
      className={ITEM}
    >
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {keys && (
        <kbd aria-hidden="true" className="font-sans text-xs text-slate-500">
          {chordLabel(keys)}
        </kbd>
      )}
      {expanded !== undefined && <Chevron open={expanded} />}
    </button>
  );
}

function Chevron({ open }: { open: boolean }): ReactNode {
  return (
    <span aria-hidden="true" className="text-xs text-slate-500">
      {open ? "▾" : "▸"}
    </span>
  );
}

function Swatch({ color, onSelect }: { color: string; onSelect: () => void }) {
  return (
    <button
      type="button"
      role="menuitem"
      data-menu-item
      tabIndex={-1}
      aria-label={color ? `Colour ${color}` : "No colour"}
      title={color || "No colour"}
      onClick={onSelect}
      className="size-8 rounded-md ring-1 ring-slate-300 outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500"
      style={{ background: color || "repeating-linear-gradient(45deg, #fff 0 4px, #e2e8f0 4px 8px)" }}
    />
  );
}
