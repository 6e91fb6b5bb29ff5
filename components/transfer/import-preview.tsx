/** The first cells a file would make (title aside), as a small grid: what the Import dialog shows before importing. */
export function ImportPreview({ cells }: { cells: string[][] }) {
  if (cells.length === 0) return <p className="mt-2 text-xs text-emerald-800">No cards in the first rows.</p>;
  return (
    <div className="mt-2 max-h-40 overflow-auto rounded-md bg-white ring-1 ring-emerald-200">
      <table className="w-full table-fixed border-collapse text-left text-xs text-slate-700">
        <caption className="sr-only">First cells of the file</caption>
        <tbody>
          {cells.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-b border-slate-100 last:border-b-0">
              {row.map((cell, colIndex) => (
                <td key={colIndex} className="truncate border-r border-slate-100 px-1.5 py-1 last:border-r-0" title={cell || undefined}>
                  {cell || (
                    <span className="text-slate-300" aria-label="empty">
                      ·
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
