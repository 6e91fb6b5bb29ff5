"use client";

import { useEffect, useState } from "react";
import { callApi } from "@/components/http/call-api";
import { GridIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { TemplatePreview } from "./template-preview";
import type { TemplateSummary } from "./template-types";

interface TemplatePickerProps {
  /** The chosen template's id; null for an empty grid. */
  value: string | null;
  onChange: (template: TemplateSummary | null) => void;
}

const TILE =
  "flex flex-col gap-1.5 rounded-lg p-2 text-left ring-1 transition-colors has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-indigo-500 cursor-pointer";

/** The New snap dialog's gallery: an empty grid, then every template with a preview, as one radio group. */
export function TemplatePicker({ value, onChange }: TemplatePickerProps) {
  const [templates, setTemplates] = useState<TemplateSummary[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    callApi<{ templates: TemplateSummary[] }>("/api/templates", { signal: controller.signal })
      .then((result) => (result.ok ? setTemplates(result.data.templates) : setFailed(true)))
      .catch(() => {
        // Aborted: the dialog closed.
      });
    return () => controller.abort();
  }, []);

  const chosen = templates?.find((template) => template.id === value) ?? null;
  const tileClass = (selected: boolean) => `${TILE} ${selected ? "bg-indigo-50 ring-indigo-500" : "bg-white ring-slate-200 hover:ring-slate-300"}`;

  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Start from</legend>
      <div className="mt-2 grid max-h-64 grid-cols-2 gap-2 overflow-y-auto p-0.5 sm:grid-cols-3">
        <label className={tileClass(value === null)}>
          <input type="radio" name="template" className="sr-only" checked={value === null} onChange={() => onChange(null)} />
          <span aria-hidden="true" className="flex h-16 items-center justify-center rounded-md bg-slate-100 text-slate-400">
            <GridIcon className="size-6" />
          </span>
          <span className="truncate text-xs font-medium text-slate-800">Empty grid</span>
        </label>
        {templates?.map((template) => (
          <label key={template.id} className={tileClass(value === template.id)}>
            <input
              type="radio"
              name="template"
              className="sr-only"
              checked={value === template.id}
              onChange={() => onChange(template)}
              aria-describedby={`template-${template.id}-kind`}
            />
            <TemplatePreview template={template} />
            <span className="truncate text-xs font-medium text-slate-800">{template.name}</span>
            <span id={`template-${template.id}-kind`} className="-mt-1 text-[11px] text-slate-500">
              {template.source === "builtin" ? "Built-in" : "Your workspace"}
            </span>
          </label>
        ))}
        {templates === null && !failed && (
          <p className="col-span-2 flex items-center gap-2 self-center px-2 text-xs text-slate-500">
            <Spinner className="size-3.5" /> Loading templates…
          </p>
        )}
      </div>
      {failed && <p className="mt-2 text-xs text-red-700">Templates could not be loaded; you can still start from an empty grid.</p>}
      {chosen && <p className="mt-2 text-xs text-slate-600">{chosen.description || `${chosen.rows} × ${chosen.cols} grid`}</p>}
    </fieldset>
  );
}
