import type { Connection } from "../live/use-snap-events";
import { useOnline } from "@/lib/browser/use-online";

type Shown = Connection | "offline";

/** Green only while other people's changes arrive; grey while they cannot (docs/OFFLINE.md, "What the header says"). */
const LABELS: Record<Shown, { text: string; name: string; dot: string; tone: string }> = {
  connecting: { text: "Connecting…", name: "Connecting to live updates", dot: "bg-slate-400", tone: "text-slate-500" },
  live: { text: "Live", name: "Live: other people's changes appear as they happen", dot: "bg-emerald-500", tone: "text-emerald-700" },
  reconnecting: { text: "Reconnecting…", name: "Reconnecting to live updates", dot: "bg-slate-400 animate-pulse", tone: "text-slate-500" },
  offline: {
    text: "Offline",
    name: "Offline: this device has no network. Other people's changes appear when it is back",
    dot: "bg-slate-400",
    tone: "text-slate-500",
  },
};

/**
 * Whether other people's changes are arriving: a dot and a word, announced when it changes. The
 * browser's own word on the network comes first: without one, the stream cannot be live, whatever
 * it last said.
 */
export function ConnectionIndicator({ connection }: { connection: Connection }) {
  const shown: Shown = useOnline() ? connection : "offline";
  const { text, name, dot, tone } = LABELS[shown];
  return (
    <span
      role="status"
      aria-label={name}
      title={name}
      data-connection={shown}
      className={`inline-flex h-8 items-center gap-1.5 text-xs font-medium whitespace-nowrap ${tone}`}
    >
      <span aria-hidden="true" data-live-dot className={`size-2 rounded-full ${dot}`} />
      {/* A phone shows the dot; the status's name says the rest. */}
      <span className="max-sm:hidden">{text}</span>
    </span>
  );
}
