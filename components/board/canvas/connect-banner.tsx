import { ConnectIcon } from "@/components/ui/icons";

/** Connect mode's instructions: which card to pick next, and a way out (Escape works too). */
export function ConnectBanner({ hasSource, onCancel }: { hasSource: boolean; onCancel: () => void }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 border-b border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
      <ConnectIcon className="size-4 shrink-0" />
      <span>{hasSource ? "Now pick the card the line points to." : "Pick the card the line starts from."}</span>
      <button
        type="button"
        onClick={onCancel}
        className="rounded-md px-2 py-0.5 font-medium text-emerald-800 underline underline-offset-2 hover:bg-emerald-100"
      >
        Cancel
      </button>
    </div>
  );
}
