/** A status chip's colors from its words: the common ones read as done, in progress or blocked. */
const TONES = [
  { pattern: /\b(done|complete|completed|shipped|live|ok|approved|resolved|green)\b/i, chip: "bg-emerald-100 text-emerald-800 ring-emerald-600/20", dot: "bg-emerald-500" },
  { pattern: /\b(block|blocked|late|risk|at risk|failed|failing|red|stuck|overdue)\b/i, chip: "bg-red-100 text-red-800 ring-red-600/20", dot: "bg-red-500" },
  { pattern: /\b(progress|doing|review|wip|started|active|amber|yellow|pending|waiting)\b/i, chip: "bg-amber-100 text-amber-900 ring-amber-600/20", dot: "bg-amber-500" },
  { pattern: /\b(todo|to do|planned|next|backlog|new|open)\b/i, chip: "bg-sky-100 text-sky-800 ring-sky-600/20", dot: "bg-sky-500" },
];
const NEUTRAL = { chip: "bg-slate-100 text-slate-700 ring-slate-500/20", dot: "bg-slate-400" };

export function statusTone(text: string): { chip: string; dot: string } {
  return TONES.find((tone) => tone.pattern.test(text)) ?? NEUTRAL;
}
