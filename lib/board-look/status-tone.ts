/** The tones a status chip takes from its words; the board and the SVG export colour them alike. */
export type StatusTone = "done" | "blocked" | "active" | "planned" | "neutral";

const TONE_WORDS: [RegExp, StatusTone][] = [
  [/\b(done|complete|completed|shipped|live|ok|approved|resolved|green)\b/i, "done"],
  [/\b(block|blocked|late|risk|at risk|failed|failing|red|stuck|overdue)\b/i, "blocked"],
  [/\b(progress|doing|review|wip|started|active|amber|yellow|pending|waiting)\b/i, "active"],
  [/\b(todo|to do|planned|next|backlog|new|open)\b/i, "planned"],
];

/** The first tone whose words the text contains: "Done" reads as done, "Blocked by QA" as blocked. */
export function statusToneOf(text: string): StatusTone {
  return TONE_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? "neutral";
}
