import type { Connection } from "../live/use-snap-events";

const LABELS: Record<Connection, { text: string; name: string; dot: string; tone: string }> = {
  connecting: { text: "Connecting…", name: "Connecting to live updates", dot: "bg-slate-400", tone: "text-slate-500" },
  live: { text: "Live", name: "Live: other people's changes appear as they happen", dot: "bg-emerald-500", tone: "text-emerald-700" },
  reconnecting: { text: "Reconnecting…", name: "Reconnecting to live updates", dot: "bg-amber-500 animate-pulse", tone: "text-amber-700" },
};

/** Whether other people's changes are arriving: a dot and a word, announced when it changes. */
export function ConnectionIndicator({ connection }: { connection: Connection }) {
  const { text, name, dot, tone } = LABELS[connection];
  return (
    <span role="status" aria-label={name} title={name} className={`inline-flex h-8 items-center gap-1.5 text-xs font-medium whitespace-nowrap ${tone}`}>
      <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
      {/* A phone shows the dot; the status's name says the rest. */}
      <span className="max-sm:hidden">{text}</span>
    </span>
  );
}
