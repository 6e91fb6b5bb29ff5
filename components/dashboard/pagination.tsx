import { Button } from "@/components/ui/button";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";

interface PaginationProps {
  offset: number;
  shown: number;
  total: number;
  limit: number;
  onPage: (offset: number) => void;
}

/** "1–50 of 123" with Previous and Next. */
export function Pagination({ offset, shown, total, limit, onPage }: PaginationProps) {
  const hasPrevious = offset > 0;
  const hasNext = offset + shown < total;
  return (
    <nav aria-label="Pages of snaps" className="flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        <span className="font-medium text-slate-900">
          {shown === 0 ? 0 : offset + 1}–{offset + shown}
        </span>{" "}
        of <span className="font-medium text-slate-900">{total}</span>
      </p>
      {/* One page: the count alone; two disabled buttons would only be noise. */}
      {(hasPrevious || hasNext) && (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={!hasPrevious} onClick={() => onPage(Math.max(0, offset - limit))} aria-label="Previous page">
            <ChevronLeftIcon className="size-4" />
            <span className="hidden sm:inline">Previous</span>
          </Button>
          <Button variant="secondary" size="sm" disabled={!hasNext} onClick={() => onPage(offset + limit)} aria-label="Next page">
            <span className="hidden sm:inline">Next</span>
            <ChevronRightIcon className="size-4" />
          </Button>
        </div>
      )}
    </nav>
  );
}
