/** A card's title as text: wrapped, line breaks kept. */
export function PlainText({ text, className = "" }: { text: string; className?: string }) {
  return <span className={`block min-w-0 break-words whitespace-pre-wrap ${className}`}>{text}</span>;
}
