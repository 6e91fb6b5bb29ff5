"use client";

import { useId, type SelectHTMLAttributes } from "react";
import { ChevronDownIcon } from "@/components/ui/icons";

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  /** Toolbars name their selects for assistive tech only; the options speak for themselves. */
  hideLabel?: boolean;
  options: readonly { value: string; label: string }[];
}

/** A native select styled like TextField: keyboard and screen-reader behaviour come for free. */
export function SelectField({ label, hideLabel = false, options, className = "", ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "mb-1.5 block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          className="block h-10 w-full appearance-none rounded-lg border border-slate-300 bg-white pr-9 pl-3 text-sm text-slate-800 shadow-sm focus:border-indigo-500 focus:outline-offset-0! disabled:bg-slate-50 disabled:text-slate-500"
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
      </div>
    </div>
  );
}
