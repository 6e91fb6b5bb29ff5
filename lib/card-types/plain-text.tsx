/**
 * A card's title as text: wrapped, line breaks kept, and cut with an ellipsis after the lines its
 * card has room for (`--card-lines`, set by the board; none elsewhere).
 */
export function PlainText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <span
      className={`[display:-webkit-box] block min-w-0 overflow-hidden break-words whitespace-pre-wrap [-webkit-box-orient:vertical] [-webkit-line-clamp:var(--card-lines,none)] ${className}`}
    >
      {text}
    </span>
  );
}
