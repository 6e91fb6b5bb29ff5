"use client";

import { useId, type SelectHTMLAttributes } from "react";
import { ChevronDownIcon } from "./icons";

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "size"> {
  label: string;
  options: readonly { value: string; label: string }[];
  /** sm: the compact form used in side panels; md: forms and dialogs, like TextField. */
  size?: "sm" | "md";
  /** Toolbars name their selects for assistive tech only; the options speak for themselves. */
  hideLabel?: boolean;
}

/** A labelled native select: keyboard and screen-reader behaviour come from the browser. */
export function SelectField({ label, options, size = "md", hideLabel = false, className = "", ...props }: SelectFieldProps) {
  const id = useId();
  const small = size === "sm";
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : small ? "block text-xs font-medium text-slate-700" : "block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <div className={`relative ${hideLabel ? "" : small ? "mt-1" : "mt-1.5"}`}>
        <select
          id={id}
          className={`block w-full appearance-none rounded-lg border border-slate-300 bg-white pr-8 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-offset-0! disabled:bg-slate-50 disabled:text-slate-500 ${
            small ? "h-8 pl-2.5 text-sm" : "h-10 pl-3 text-sm"
          }`}
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-400" />
      </div>
    </div>
  );
}
