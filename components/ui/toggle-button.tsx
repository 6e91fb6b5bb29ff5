"use client";

import type { ReactNode } from "react";

interface ToggleButtonProps {
  label: string;
  pressed: boolean;
  onChange: (pressed: boolean) => void;
  children: ReactNode;
}

/** An icon button that stays pressed (aria-pressed), such as Bold. */
export function ToggleButton({ label, pressed, onChange, children }: ToggleButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className={`flex size-8 items-center justify-center rounded-md transition-colors ${
        pressed ? "bg-indigo-100 text-indigo-700 ring-1 ring-indigo-300" : "text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100"
      }`}
    >
      {children}
    </button>
  );
}
