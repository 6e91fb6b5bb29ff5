import type { Viewer } from "../live/live-messages";
import { VIEWER_TEXT_COLOR, viewerColor } from "../live/viewer-color";

const SHOWN = 4;

/**
 * The others viewing the snap, as initials; one entry per person however many tabs they have open.
 * `shown` avatars at most (a phone's header shows one), the rest as "+n".
 */
export function PresenceBar({ viewers, shown = SHOWN }: { viewers: readonly Viewer[]; shown?: number }) {
  const people = [...new Map(viewers.map((viewer) => [viewer.userId, viewer])).values()];
  if (people.length === 0) return null;
  const hidden = people.slice(shown);
  return (
    <ul aria-label="People viewing this snap" className="flex shrink-0 items-center -space-x-1.5">
      {people.slice(0, shown).map((viewer) => {
        const label = `${viewer.name} is ${viewers.some((other) => other.userId === viewer.userId && other.editingCardId) ? "editing" : "viewing"}`;
        return (
          <li key={viewer.userId}>
            <span
              role="img"
              aria-label={label}
              title={label}
              className="flex size-7 items-center justify-center rounded-full text-[11px] font-semibold ring-2 ring-white select-none"
              style={{ backgroundColor: viewerColor(viewer.userId), color: VIEWER_TEXT_COLOR }}
            >
              {viewer.initials}
            </span>
          </li>
        );
      })}
      {hidden.length > 0 && (
        <li>
          <span
            role="img"
            aria-label={`${hidden.map((viewer) => viewer.name).join(", ")} ${hidden.length === 1 ? "is" : "are"} viewing`}
            title={hidden.map((viewer) => viewer.name).join(", ")}
            className="flex size-7 items-center justify-center rounded-full bg-slate-200 text-[11px] font-semibold text-slate-700 ring-2 ring-white"
          >
            +{hidden.length}
          </span>
        </li>
      )}
    </ul>
  );
}
