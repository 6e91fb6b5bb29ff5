"use client";

import { useId, useState } from "react";

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** Nine light fills and ten strong ones: with the "no color" button, two rows of ten. */
export const DEFAULT_SWATCHES = [
  "#ffffff",
  "#f1f5f9",
  "#fee2e2",
  "#ffedd5",
  "#fef9c3",
  "#dcfce7",
  "#cffafe",
  "#dbeafe",
  "#ede9fe",
  "#64748b",
  "#ef4444",
  "#f97316",
  "#eab308",
  "#22c55e",
  "#06b6d4",
  "#3b82f6",
  "#6366f1",
  "#a855f7",
  "#1e293b",
] as const;

interface ColorPickerProps {
  label: string;
  value: string;
  onChange: (color: string) => void;
  swatches?: readonly string[];
  /** Offer "no color" (the empty string the API accepts for cards). */
  allowNone?: boolean;
}

/**
 * Swatches plus a hex field. While focused, the field keeps what is typed and reports only valid
 * colors (#rgb, #rrggbb, #rrggbbaa), so a half-typed value is never saved; otherwise it shows the value.
 */
export function ColorPicker({ label, value, onChange, swatches = DEFAULT_SWATCHES, allowNone = false }: ColorPickerProps) {
  const [typing, setTyping] = useState<string | null>(null);
  const draft = typing ?? value;
  const inputId = useId();
  const invalid = draft !== "" && !HEX.test(draft);
  const pick = (color: string) => onChange(color);

  return (
    <fieldset>
      <legend className="text-xs font-medium text-slate-700">{label}</legend>
      <div className="mt-1.5 grid grid-cols-10 gap-1.5">
        {allowNone && (
          <button
            type="button"
            aria-label="No color"
            aria-pressed={value === ""}
            onClick={() => pick("")}
            className="relative size-6 overflow-hidden rounded-md bg-white ring-1 ring-slate-300 ring-inset aria-pressed:ring-2 aria-pressed:ring-indigo-600 aria-pressed:ring-offset-2"
          >
            <span aria-hidden="true" className="absolute top-1/2 left-1/2 h-px w-7 -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-red-500" />
          </button>
        )}
        {swatches.map((color) => {
          const selected = value.toLowerCase() === color.toLowerCase();
          return (
            <button
              key={color}
              type="button"
              aria-label={`Color ${color}`}
              aria-pressed={selected}
              onClick={() => pick(color)}
              style={{ backgroundColor: color }}
              className="size-6 rounded-md ring-1 ring-slate-900/15 ring-inset aria-pressed:ring-2 aria-pressed:ring-indigo-600 aria-pressed:ring-offset-2"
            />
          );
        })}
      </div>
      <div className="mt-2 flex items-center gap-2">
        <span
          aria-hidden="true"
          className="size-8 shrink-0 rounded-md ring-1 ring-slate-900/15 ring-inset"
          style={{ backgroundColor: HEX.test(draft) ? draft : "transparent" }}
        />
        <label htmlFor={inputId} className="sr-only">
          {label} hex value
        </label>
        <input
          id={inputId}
          value={draft}
          placeholder={allowNone ? "none" : "#rrggbb"}
          spellCheck={false}
          maxLength={9}
          aria-invalid={invalid || undefined}
          onFocus={() => setTyping(value)}
          onBlur={() => setTyping(null)}
          onChange={(event) => {
            const next = event.target.value.trim();
            setTyping(next);
            if (HEX.test(next) || (allowNone && next === "")) onChange(next);
          }}
          className={`h-8 w-full rounded-lg border bg-white px-2.5 font-mono text-sm text-slate-900 shadow-sm focus:outline-offset-0! ${
            invalid ? "border-red-400" : "border-slate-300 focus:border-indigo-500"
          }`}
        />
      </div>
    </fieldset>
  );
}
