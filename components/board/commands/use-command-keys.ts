"use client";

import { useEffect } from "react";
import type { CommandHost } from "./command-host";
import type { KeyFocus } from "./command-types";
import { commandForKey } from "./dispatch-key";
import { isTextEntry } from "./text-entry";

/** Where a key event's target is, for this board; null when the key is not this board's (another board's grid, a dialog). */
function focusOf(host: CommandHost, target: EventTarget | null): KeyFocus | null {
  if (document.querySelector("dialog[open]")) return null;
  const element = target instanceof Element ? target : null;
  const grid = host.grid?.element ?? null;
  const inGrid = Boolean(grid && element && grid.contains(element));
  if (!inGrid && (!host.ownsPage || element?.closest('[role="grid"]'))) return null;
  if (isTextEntry(target)) return "text";
  if (inGrid) return element!.matches('[role="gridcell"], [data-cell]') ? "grid" : "board";
  return !element || element === document.body ? "board" : "page";
}

/**
 * The board's one keyboard dispatcher: every key pressed on the page goes through the command table
 * (board-commands.ts). Keys a focused widget handles itself (the menu's arrows, the inline editor's
 * Enter, a line's Delete) are default-prevented there first and left alone here.
 */
export function useCommandKeys(host: CommandHost) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const focus = focusOf(host, event.target);
      const context = focus && host.context(focus);
      const command = context && commandForKey(event, context);
      if (!command || !context) return;
      event.preventDefault();
      command.perform(context, event.key);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [host]);
}
