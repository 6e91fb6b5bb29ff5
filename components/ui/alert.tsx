import type { ReactNode } from "react";
import { AlertIcon } from "./icons";

const TONE_CLASSES = {
  error: "border-red-200 bg-red-50 text-red-800",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
} as const;

/** A banner for a problem that is not about one field. Errors are announced when they appear. */
export function Alert({ tone = "error", title, children }: { tone?: keyof typeof TONE_CLASSES; title?: string; children: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "note"} className={`flex gap-3 rounded-lg border px-3.5 py-3 text-sm ${TONE_CLASSES[tone]}`}>
      <AlertIcon className="mt-px size-5 shrink-0" />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        <div className={title ? "mt-0.5" : ""}>{children}</div>
      </div>
    </div>
  );
}
