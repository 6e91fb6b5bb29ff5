"use client";

import { useId, useState } from "react";

interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  /** Called with a whole number within bounds when the field is left or Enter is pressed. */
  onCommit: (value: number) => void;
  disabled?: boolean;
  /** The id of what says why the field is as it is (a disabled field's reason). */
  describedBy?: string;
}

/**
 * A small whole-number field that commits on Enter or blur, so intermediate typing ("1" on the way
 * to "12") is never applied. Unfocused, it shows the current value.
 */
export function NumberField({ label, value, min, max, onCommit, disabled, describedBy }: NumberFieldProps) {
  const id = useId();
  const [typing, setTyping] = useState<string | null>(null);
  const commit = () => {
    if (typing === null) return;
    setTyping(null);
    const parsed = Math.round(Number(typing));
    if (typing.trim() === "" || !Number.isFinite(parsed)) return;
    const bounded = Math.min(max, Math.max(min, parsed));
    if (bounded !== value) onCommit(bounded);
  };
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        disabled={disabled}
        aria-describedby={describedBy}
        min={min}
        max={max}
        value={typing ?? String(value)}
        onFocus={() => setTyping(String(value))}
        onChange={(event) => setTyping(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit();
          }
        }}
        className="mt-1 block h-8 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 tabular-nums shadow-sm focus:border-indigo-500 focus:outline-offset-0! disabled:bg-slate-50 disabled:text-slate-500"
      />
    </div>
  );
}
