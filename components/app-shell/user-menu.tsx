"use client";

import Link from "next/link";
import { useId } from "react";
import { BookIcon, ChevronDownIcon, SettingsIcon, SignOutIcon } from "@/components/ui/icons";
import { useMenuButton } from "@/components/ui/use-menu-button";
import { ThemeMenuItems } from "@/components/theme/theme-menu-items";
import { forgetThisDevice } from "@/components/offline/forget-this-device";
import { SignOutEverywhereItem } from "./sign-out-everywhere-item";

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

/** The account menu of the top bar: links and a sign-out form (keyboard behaviour: useMenuButton). */
export function UserMenu({ name, email, signOutAction }: UserMenuProps) {
  const { open, close, containerRef, menuRef, menuId, buttonProps, onMenuKeyDown } = useMenuButton<HTMLUListElement>({ openOnChecked: false });
  const buttonId = useId();

  return (
    <div ref={containerRef} className="relative">
      <button
        {...buttonProps}
        id={buttonId}
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
              <Link href="/settings/integrations" role="menuitem" data-menu-item tabIndex={-1} onClick={() => close(false)} className={ITEM_CLASSES}>
                <SettingsIcon className="size-4 text-slate-400" />
                Settings
              </Link>
            </li>
            <li role="none">
              <Link href="/docs" role="menuitem" data-menu-item tabIndex={-1} onClick={() => close(false)} className={ITEM_CLASSES}>
                <BookIcon className="size-4 text-slate-400" />
                API reference
              </Link>
            </li>
            <li role="none">
              {/* This device's copies and queued changes go first: the next person here never sees them (docs/OFFLINE.md). */}
              <form
                action={async () => {
                  await forgetThisDevice();
                  await signOutAction();
                }}
              >
                <button type="submit" role="menuitem" data-menu-item tabIndex={-1} className={ITEM_CLASSES}>
                  <SignOutIcon className="size-4 text-slate-400" />
                  Sign out
                </button>
              </form>
            </li>
            <li role="none">
              <SignOutEverywhereItem className={ITEM_CLASSES} />
            </li>
            <ThemeMenuItems itemClassName={ITEM_CLASSES} />
          </ul>
        </div>
      )}
    </div>
  );
}
