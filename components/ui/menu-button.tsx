"use client";

import { useId, type ReactNode } from "react";
import { useMenuButton } from "./use-menu-button";

export interface MenuItem {
  id: string;
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  /** Set on choices of one kind (menuitemradio): the current one is checked. */
  checked?: boolean;
  tone?: "danger";
}

interface MenuButtonProps {
  /** The button's accessible name, e.g. "Actions for Launch plan". */
  label: string;
  /** What the button shows; an icon when label says the rest. */
  children: ReactNode;
  items: MenuItem[];
  /** A heading inside the menu, naming its group of choices. */
  heading?: string;
  /** Actions listed above the heading and its group, set apart by a rule. */
  leadingItems?: MenuItem[];
  buttonClassName?: string;
  align?: "left" | "right";
}

const ITEM =
  "flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none! pointer-coarse:min-h-11";

/** A menu of actions behind a button (keyboard behaviour: useMenuButton). */
export function MenuButton({ label, children, items, heading, leadingItems = [], buttonClassName = "", align = "right" }: MenuButtonProps) {
  const { open, close, containerRef, menuRef, menuId, buttonProps, onMenuKeyDown } = useMenuButton();
  const headingId = useId();

  function choose(item: MenuItem) {
    close(true);
    item.onSelect();
  }

  return (
    <div ref={containerRef} className="relative">
      <button {...buttonProps} aria-label={label} className={buttonClassName}>
        {children}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={heading ? undefined : label}
          aria-labelledby={heading ? headingId : undefined}
          onKeyDown={onMenuKeyDown}
          className={`absolute top-full z-40 mt-1.5 max-h-80 w-56 overflow-y-auto rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10 ${
            align === "right" ? "right-0" : "left-0"
          }`}
        >
          {leadingItems.map((item) => (
            <MenuItemButton key={item.id} item={item} onChoose={choose} />
          ))}
          {leadingItems.length > 0 && <hr className="my-1.5 border-slate-200" />}
          {heading && (
            <p id={headingId} className="px-2.5 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {heading}
            </p>
          )}
          {items.map((item) => (
            <MenuItemButton key={item.id} item={item} onChoose={choose} />
          ))}
        </div>
      )}
    </div>
  );
}

function MenuItemButton({ item, onChoose }: { item: MenuItem; onChoose: (item: MenuItem) => void }) {
  return (
    <button
      type="button"
      data-menu-item
      role={item.checked === undefined ? "menuitem" : "menuitemradio"}
      aria-checked={item.checked}
      tabIndex={-1}
      onClick={() => onChoose(item)}
      className={`${ITEM} ${item.tone === "danger" ? "text-red-600 hover:bg-red-50 focus-visible:bg-red-50" : "text-slate-700"}`}
    >
      {item.icon}
      <span className="min-w-0 flex-1 truncate">{item.label}</span>
      {item.checked && <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-indigo-600" />}
    </button>
  );
}
