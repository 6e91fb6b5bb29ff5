"use client";

import { EVENT_GROUPS } from "./webhook-types";

interface EventCheckboxesProps {
  /** ["*"] for every event, else the chosen types. */
  value: string[];
  onChange: (events: string[]) => void;
  error?: string;
}

/** "All events", or a choice of event types in three groups; a fieldset with its legend. */
export function EventCheckboxes({ value, onChange, error }: EventCheckboxesProps) {
  const all = value.includes("*");
  function toggle(type: string, checked: boolean) {
    const chosen = new Set(all ? [] : value);
    if (checked) chosen.add(type);
    else chosen.delete(type);
    onChange([...chosen]);
  }
  return (
    <fieldset aria-describedby={error ? "webhook-events-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">Events</legend>
      <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={all}
          onChange={(event) => onChange(event.target.checked ? ["*"] : [])}
          className="size-4 rounded border-slate-300 text-indigo-600"
        />
        All events, including types added later
      </label>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {EVENT_GROUPS.map((group) => (
          <div key={group.label}>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.label}</p>
            {group.types.map((type) => (
              <label key={type} className={`mt-1.5 flex items-center gap-2 text-sm ${all ? "text-slate-400" : "text-slate-700"}`}>
                <input
                  type="checkbox"
                  disabled={all}
                  checked={all || value.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                  className="size-4 rounded border-slate-300 text-indigo-600"
                />
                <span className="font-mono text-[13px]">{type}</span>
              </label>
            ))}
          </div>
        ))}
      </div>
      {error && (
        <p id="webhook-events-error" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
