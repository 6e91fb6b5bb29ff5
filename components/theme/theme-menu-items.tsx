"use client";

import { CheckIcon } from "@/components/ui/icons";
import type { ThemeChoice } from "./theme-script";
import { useTheme } from "./use-theme";

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "System" },
];

/**
 * Light / Dark / System as a group of radio items inside a menu (role="menu"): the menu's keys
 * reach them through `data-menu-item`. Choosing one keeps the menu open, so the change is seen.
 */
export function ThemeMenuItems({ itemClassName }: { itemClassName: string }) {
  const { choice, setChoice } = useTheme();
  return (
    <li role="none" className="mt-1.5 border-t border-slate-100 pt-1.5">
      <span aria-hidden="true" className="block px-2.5 pb-1 text-xs font-medium text-slate-500">
        Theme
      </span>
      <ul role="group" aria-label="Theme">
        {CHOICES.map(({ value, label }) => (
          <li role="none" key={value}>
            <button
              type="button"
              role="menuitemradio"
              aria-checked={choice === value}
              data-menu-item
              tabIndex={-1}
              onClick={() => setChoice(value)}
              className={itemClassName}
            >
              <CheckIcon aria-hidden="true" className={`size-4 ${choice === value ? "text-indigo-600" : "invisible"}`} />
              {label}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}
