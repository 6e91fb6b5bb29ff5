"use client";

import { RelativeTime } from "@/components/ui/relative-time";
import { VIEWER_TEXT_COLOR, viewerColor } from "../live/viewer-color";
import type { HistoryEntry } from "./history-types";

function initials(name: string | null): string {
  const words = (name ?? "?")
    .replace(/@.*/, "")
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((words[0]?.[0] ?? "?") + (words[1]?.[0] ?? "")).toUpperCase();
}

/** How the write was made, after the person's name. */
function via(actor: HistoryEntry["actor"]): string | null {
  if (actor.type === "mcp") return "via AI agent";
  if (actor.type === "apiKey") return actor.apiKeyName ? `via API key “${actor.apiKeyName}”` : "via an API key";
  return null;
}

interface HistoryEntryRowProps {
  entry: HistoryEntry;
  selected: boolean;
  current: boolean;
  onSelect: () => void;
}

/** One version: who (initials, name, how), when, and what. Selecting it previews that version. */
export function HistoryEntryRow({ entry, selected, current, onSelect }: HistoryEntryRowProps) {
  const name = entry.actor.name ?? "Someone";
  const how = via(entry.actor);
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        aria-label={`Version ${entry.version}: ${entry.summary}, by ${name}${how ? ` ${how}` : ""}`}
        onClick={onSelect}
        className={`flex w-full items-start gap-3 px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 ${
          selected ? "bg-indigo-50" : "hover:bg-slate-50"
        }`}
      >
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold"
          style={{ backgroundColor: viewerColor(entry.actor.userId), color: VIEWER_TEXT_COLOR }}
        >
          {initials(entry.actor.name)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-slate-900">{entry.summary}</span>
          <span className="block truncate text-xs text-slate-600">
            {name}
            {how && <span className="text-slate-500"> {how}</span>}
          </span>
          <span className="mt-0.5 flex items-center gap-2 text-xs text-slate-500">
            <RelativeTime value={entry.occurredAt} />
            <span>· v{entry.version}</span>
            {current && <span className="rounded-full bg-emerald-100 px-1.5 py-0.5 font-medium text-emerald-800">Current</span>}
          </span>
        </span>
      </button>
    </li>
  );
}
