"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { BookIcon, ChevronDownIcon, SettingsIcon, SignOutIcon } from "@/components/ui/icons";

interface UserMenuProps {
  name: string | null;
  email: string;
  /** A server action that ends the session and redirects to the sign-in page. */
  signOutAction: () => Promise<void>;
}

const ITEM_CLASSES =
  "flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none!";

function initialsOf(name: string | null, email: string): string {
  const source = name?.trim() || email;
  const words = source.split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? "?") + (name && words[1] ? words[1][0] : "")).toUpperCase();
}

/**
 * The account menu of the top bar, following the WAI-ARIA menu button pattern: Enter, Space or
 * the arrows open it and focus an item; arrows, Home and End move; Escape closes and returns focus.
 */
export function UserMenu({ name, email, signOutAction }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const focusOnOpen = useRef<"first" | "last">("first");
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    (focusOnOpen.current === "last" ? all.at(-1) : all[0])?.focus();
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

  function closeMenu(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openMenu(event.key === "ArrowUp" ? "last" : "first");
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const all = items();
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
      closeMenu(true);
    } else if (event.key === "Tab") closeMenu(false);
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? closeMenu(false) : openMenu("first"))}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:rounded-lg"
      >
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700">
          {initialsOf(name, email)}
        </span>
        <span className="sr-only max-w-48 truncate sm:not-sr-only">{name || email}</span>
        <ChevronDownIcon className={`size-4 text-slate-400 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>

      {open && (
        <div className="absolute right-0 z-40 mt-2 w-64 origin-top-right rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10">
          <div className="border-b border-slate-100 px-2.5 pt-1.5 pb-2.5">
            {name && <p className="truncate text-sm font-semibold text-slate-900">{name}</p>}
            <p className="truncate text-sm text-slate-500">{email}</p>
          </div>
          <ul ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown} className="pt-1.5">
            <li role="none">
              <Link href="/settings/integrations" role="menuitem" tabIndex={-1} onClick={() => closeMenu(false)} className={ITEM_CLASSES}>
                <SettingsIcon className="size-4 text-slate-400" />
                Settings
              </Link>
            </li>
            <li role="none">
              <Link href="/docs" role="menuitem" tabIndex={-1} onClick={() => closeMenu(false)} className={ITEM_CLASSES}>
                <BookIcon className="size-4 text-slate-400" />
                API reference
              </Link>
            </li>
            <li role="none">
              <form action={signOutAction}>
                <button type="submit" role="menuitem" tabIndex={-1} className={ITEM_CLASSES}>
                  <SignOutIcon className="size-4 text-slate-400" />
                  Sign out
                </button>
              </form>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
