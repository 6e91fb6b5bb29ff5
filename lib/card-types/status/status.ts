import { px, textBlock } from "@/lib/board-look/svg-text";
import { textWidth } from "@/lib/board-look/wrap-text";
import { defineCardType } from "../card-type";

/** The tones a status chip takes from its words. */
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

/**
 * Each tone's colours, once: the board's Tailwind classes and the picture's hex values side by
 * side (the hex values are those classes' colours in Tailwind's palette: emerald-100 is #d1fae5).
 */
export const STATUS_PALETTE: Record<StatusTone, { chipClass: string; dotClass: string; fill: string; text: string; dot: string }> = {
  done: { chipClass: "bg-emerald-100 text-emerald-800 ring-emerald-600/20", dotClass: "bg-emerald-500", fill: "#d1fae5", text: "#065f46", dot: "#10b981" },
  blocked: { chipClass: "bg-red-100 text-red-800 ring-red-600/20", dotClass: "bg-red-500", fill: "#fee2e2", text: "#991b1b", dot: "#ef4444" },
  active: { chipClass: "bg-amber-100 text-amber-900 ring-amber-600/20", dotClass: "bg-amber-500", fill: "#fef3c7", text: "#78350f", dot: "#f59e0b" },
  planned: { chipClass: "bg-sky-100 text-sky-800 ring-sky-600/20", dotClass: "bg-sky-500", fill: "#e0f2fe", text: "#075985", dot: "#0ea5e9" },
  neutral: { chipClass: "bg-slate-100 text-slate-700 ring-slate-500/20", dotClass: "bg-slate-400", fill: "#f1f5f9", text: "#334155", dot: "#94a3b8" },
};

/** A coloured chip: the tone follows the words (done, blocked, in progress…). */
export const statusCardType = defineCardType({
  name: "status",
  label: "Status",
  spokenName: "status",
  url: null,
  fillsCard: false,
  drawPicture: ({ card, area, fontSize, lineHeight }) => {
    const label = card.title || "Status";
    const tone = STATUS_PALETTE[statusToneOf(card.title)];
    const chipHeight = lineHeight + 4;
    const chipWidth = Math.min(area.width, textWidth(label, fontSize, true) + 34);
    const chip = `<rect x="${px(area.x)}" y="${px(area.y)}" width="${px(chipWidth)}" height="${px(chipHeight)}" rx="${px(chipHeight / 2)}" fill="${tone.fill}"/>`;
    const dot = `<circle cx="${px(area.x + 10 + 4)}" cy="${px(area.y + chipHeight / 2)}" r="4" fill="${tone.dot}"/>`;
    const textArea = { x: area.x + 24, y: area.y + 2, width: chipWidth - 28, height: lineHeight };
    return chip + dot + textBlock(label, { ...card, bold: true, verticalAlign: "top", textAlign: "left" }, textArea, fontSize, lineHeight, tone.text);
  },
});
