import type { CardContentProps, CardTypeView } from "../card-view";
import { PlainText } from "../plain-text";
import { CHECK_PATH } from "./todo";

/** A checkbox for editors, a read-only tick for viewers, then the text (struck through when done). */
function TodoContent({ card, editable, onToggleTodo }: CardContentProps) {
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
          {card.completed && (
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
              className="size-3"
              fill="none"
              stroke="currentColor"
              strokeWidth={3}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d={CHECK_PATH} />
            </svg>
          )}
        </span>
      )}
      <PlainText text={card.title} className={card.completed ? "line-through opacity-60" : ""} />
    </span>
  );
}

export const todoView: CardTypeView = {
  Content: TodoContent,
  inspector: { completed: true },
  preview: { glyph: <span className="size-2 shrink-0 rounded-[2px] border border-slate-400" /> },
};
