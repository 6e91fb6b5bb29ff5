"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

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
  buttonClassName?: string;
  align?: "left" | "right";
}

const ITEM =
  "flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none!";

/**
 * A menu button after the WAI-ARIA pattern, as the user menu does it: Enter, Space or the arrows
 * open it on an item; arrows, Home and End move; Escape closes and returns focus; Tab leaves.
 */
export function MenuButton({ label, children, items, heading, buttonClassName = "", align = "right" }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const focusOnOpen = useRef<"first" | "last">("first");
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const headingId = useId();

  const menuItems = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>("[data-menu-item]") ?? []);

  useEffect(() => {
    if (!open) return;
    const all = menuItems();
    const checked = all.find((item) => item.getAttribute("aria-checked") === "true");
    (focusOnOpen.current === "last" ? all.at(-1) : (checked ?? all[0]))?.focus();
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutsidePress);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePress);
  }, [open]);

  function openMenu(focus: "first" | "last") {
    focusOnOpen.current = focus;
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openMenu(event.key === "ArrowUp" ? "last" : "first");
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = menuItems();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(all.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === "Tab") close(false);
  }

  function choose(item: MenuItem) {
    close(true);
    item.onSelect();
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu("first"))}
        onKeyDown={onButtonKeyDown}
        className={buttonClassName}
      >
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
          {heading && (
            <p id={headingId} className="px-2.5 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {heading}
            </p>
          )}
          {items.map((item) => (
            <button
              key={item.id}
              type="button"
              data-menu-item
              role={item.checked === undefined ? "menuitem" : "menuitemradio"}
              aria-checked={item.checked}
              tabIndex={-1}
              onClick={() => choose(item)}
              className={`${ITEM} ${item.tone === "danger" ? "text-red-600 hover:bg-red-50 focus-visible:bg-red-50" : "text-slate-700"}`}
            >
              {item.icon}
              <span className="min-w-0 flex-1 truncate">{item.label}</span>
              {item.checked && <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-indigo-600" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
