import { CheckIcon, ExternalLinkIcon } from "@/components/ui/icons";
import type { BoardCard } from "./board-types";
import { displayUrl, safeUrl } from "./safe-url";
import { statusTone } from "./status-tone";

interface CardContentProps {
  card: BoardCard;
  editable: boolean;
  /** Embeds take pointer input only when selected, so a click elsewhere on them selects the card. */
  selected: boolean;
  onToggleTodo: (id: string) => void;
}

function PlainText({ text, className = "" }: { text: string; className?: string }) {
  return <span className={`block min-w-0 break-words whitespace-pre-wrap ${className}`}>{text}</span>;
}

/** What a card shows for its type; unknown types show their text, as normal cards do. */
export function CardContent({ card, editable, selected, onToggleTodo }: CardContentProps) {
  switch (card.cellType) {
    case "todo":
      return (
        <span className="flex min-w-0 items-start gap-2">
          {editable ? (
            <input
              type="checkbox"
              checked={card.completed}
              onChange={() => onToggleTodo(card.id)}
              aria-label={`Done: ${card.title || "to-do"}`}
              className="mt-[0.2em] size-[1.05em] min-h-4 min-w-4 shrink-0 cursor-pointer accent-indigo-600"
            />
          ) : (
            <span
              role="img"
              aria-label={card.completed ? "Done" : "Not done"}
              className={`mt-[0.2em] flex size-[1.05em] min-h-4 min-w-4 shrink-0 items-center justify-center rounded border ${
                card.completed ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-400 bg-white"
              }`}
            >
              {card.completed && <CheckIcon className="size-3" strokeWidth={3} />}
            </span>
          )}
          <PlainText text={card.title} className={card.completed ? "line-through opacity-60" : ""} />
        </span>
      );
    case "status": {
      const tone = statusTone(card.title);
      return (
        <span className="block">
          <span className={`inline-flex max-w-full items-center gap-1.5 rounded-full px-2.5 py-0.5 font-semibold ring-1 ring-inset ${tone.chip}`}>
            <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${tone.dot}`} />
            <span className="truncate">{card.title || "Status"}</span>
          </span>
        </span>
      );
    }
    case "link": {
      const href = safeUrl(card.title);
      if (!href) return <PlainText text={card.title} />;
      return (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex max-w-full items-center gap-1 font-medium break-all text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600"
        >
          <span className="min-w-0">{displayUrl(href)}</span>
          <ExternalLinkIcon className="size-[0.9em] min-h-3 min-w-3 shrink-0" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      );
    }
    case "image": {
      const src = safeUrl(card.title);
      if (!src) return <PlainText text={card.title} />;
      return (
        // Any host's image, so not next/image (which needs each host configured); the CSP allows http(s) images.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={src} alt={card.note.trim() || "Image"} loading="lazy" draggable={false} className="absolute inset-0 size-full object-cover" />
      );
    }
    case "designembed": {
      const src = safeUrl(card.title, { httpsOnly: true });
      if (!src) return <PlainText text={card.title} />;
      return (
        <iframe
          src={src}
          title={card.note.trim() || "Design embed"}
          // Scripts run, but without allow-same-origin the frame is an opaque origin: it cannot read
          // this app's cookies or storage, nor script the page. No referrer leaks the board's URL.
          sandbox="allow-scripts allow-popups"
          referrerPolicy="no-referrer"
          loading="lazy"
          className="absolute inset-0 size-full border-0 bg-white"
          style={{ pointerEvents: editable && !selected ? "none" : "auto" }}
        />
      );
    }
    default:
      return <PlainText text={card.title} />;
  }
}
