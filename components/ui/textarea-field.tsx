"use client";

import { useId, type TextareaHTMLAttributes } from "react";

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
}

export function TextareaField({ label, className = "", rows = 3, ...props }: TextareaFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className="mt-1 block w-full resize-y rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 read-only:bg-slate-50 read-only:text-slate-600 focus:border-indigo-500 focus:outline-offset-0!"
        {...props}
      />
    </div>
  );
}
