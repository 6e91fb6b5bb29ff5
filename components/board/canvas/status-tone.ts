import { type StatusTone, statusToneOf } from "@/lib/board-look/status-tone";

/** A status chip's classes for each tone (the tone comes from the chip's words). */
const TONE_CLASSES: Record<StatusTone, { chip: string; dot: string }> = {
  done: { chip: "bg-emerald-100 text-emerald-800 ring-emerald-600/20", dot: "bg-emerald-500" },
  blocked: { chip: "bg-red-100 text-red-800 ring-red-600/20", dot: "bg-red-500" },
  active: { chip: "bg-amber-100 text-amber-900 ring-amber-600/20", dot: "bg-amber-500" },
  planned: { chip: "bg-sky-100 text-sky-800 ring-sky-600/20", dot: "bg-sky-500" },
  neutral: { chip: "bg-slate-100 text-slate-700 ring-slate-500/20", dot: "bg-slate-400" },
};

export function statusTone(text: string): { chip: string; dot: string } {
  return TONE_CLASSES[statusToneOf(text)];
}
