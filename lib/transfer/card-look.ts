import { type StatusTone, statusToneOf } from "@/lib/board-look/status-tone";

/**
 * The SVG export's plain colours for what the board styles with theme classes (light theme): the
 * default card border and text, and the status chips (components/board/canvas/status-tone.ts).
 */
export { DARK_TEXT_COLOR as TEXT_COLOR } from "@/lib/board-look/card-colors";
export const BORDER_COLOR = "#cbd5e1";

const TONE_COLORS: Record<StatusTone, { fill: string; text: string; dot: string }> = {
  done: { fill: "#d1fae5", text: "#065f46", dot: "#10b981" },
  blocked: { fill: "#fee2e2", text: "#991b1b", dot: "#ef4444" },
  active: { fill: "#fef3c7", text: "#78350f", dot: "#f59e0b" },
  planned: { fill: "#e0f2fe", text: "#075985", dot: "#0ea5e9" },
  neutral: { fill: "#f1f5f9", text: "#334155", dot: "#94a3b8" },
};

/** A status chip's colors from its words, as on the board. */
export function statusColors(text: string): { fill: string; text: string; dot: string } {
  return TONE_COLORS[statusToneOf(text)];
}
