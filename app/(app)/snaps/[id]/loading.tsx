/** While the board loads: its outline, so the page does not jump when it arrives. */
export default function BoardLoading() {
  return (
    <div className="fixed inset-x-0 top-[65px] bottom-0 z-20 flex flex-col bg-slate-50" aria-busy="true" aria-label="Loading board">
      <div className="flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-5">
        <div className="size-8 animate-pulse rounded-md bg-slate-100" />
        <div className="h-5 w-48 animate-pulse rounded bg-slate-100" />
      </div>
      <div className="grid grid-cols-[repeat(4,200px)] gap-2 p-12">
        {Array.from({ length: 12 }, (_, index) => (
          <div key={index} className="h-[120px] animate-pulse rounded-lg bg-white ring-1 ring-slate-200" />
        ))}
      </div>
      <span className="sr-only" role="status">
        Loading board…
      </span>
    </div>
  );
}
