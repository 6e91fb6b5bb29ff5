"use client";

import { useId, type InputHTMLAttributes, type Ref } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Shown under the field in red and announced; marks the field invalid. */
  error?: string;
  hint?: string;
  /** Extra text beside the label, such as "Optional". */
  labelAside?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, labelAside, className = "", ref, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : hint ? hintId : undefined;

  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAside && <span className="text-xs text-slate-500">{labelAside}</span>}
      </div>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1.5 block h-10 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 read-only:bg-slate-50 focus:outline-offset-0! ${
          error ? "border-red-400 focus:outline-red-500!" : "border-slate-300 focus:border-indigo-500"
        }`}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
