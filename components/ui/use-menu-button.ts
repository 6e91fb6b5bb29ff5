"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

/** Items the keyboard moves between: anything in the menu marked with this attribute. */
export const MENU_ITEM_ATTRIBUTE = "data-menu-item";

/**
 * The behaviour of a WAI-ARIA menu button, shared by every menu: Enter, Space or the arrows open
 * it on an item (the checked one, if any, unless `openOnChecked` is false: a menu of actions that
 * ends with a group of choices, like the account menu, opens on its first action); arrows, Home and End move; Escape closes and returns
 * focus to the button; Tab or a press outside closes it. The caller renders the markup.
 */
export function useMenuButton<Menu extends HTMLElement = HTMLDivElement>({ openOnChecked = true }: { openOnChecked?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const focusOnOpen = useRef<"first" | "last">("first");
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<Menu>(null);
  const menuId = useId();

  const menuItems = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(`[${MENU_ITEM_ATTRIBUTE}]`) ?? []);

  useEffect(() => {
    if (!open) return;
    const all = menuItems();
    const checked = openOnChecked ? all.find((item) => item.getAttribute("aria-checked") === "true") : undefined;
    (focusOnOpen.current === "last" ? all.at(-1) : (checked ?? all[0]))?.focus();
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutsidePress);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePress);
  }, [open, openOnChecked]);

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

  function onMenuKeyDown(event: KeyboardEvent<Menu>) {
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

  return {
    open,
    close,
    containerRef,
    menuRef,
    menuId,
    buttonProps: {
      ref: buttonRef,
      type: "button" as const,
      "aria-haspopup": "menu" as const,
      "aria-expanded": open,
      "aria-controls": open ? menuId : undefined,
      onClick: () => (open ? close(false) : openMenu("first")),
      onKeyDown: onButtonKeyDown,
    },
    onMenuKeyDown,
  };
}
