/** The inspector with nothing selected: how the board is edited. */
export function InspectorHint() {
  const tips = [
    ["Click", "select a card"],
    ["Double-click or Enter", "edit its text"],
    ["Drag", "move it; drag its corner to resize"],
    ["Arrow keys", "move the selection"],
    ["Delete", "remove the selected card or line"],
    ["Ctrl+Z / Ctrl+Shift+Z", "undo / redo"],
  ];
  return (
    <div className="p-4 text-sm text-slate-600">
      <p>Select a card or a line to edit it here.</p>
      <dl className="mt-4 space-y-2.5">
        {tips.map(([keys, what]) => (
          <div key={keys} className="flex flex-col">
            <dt className="text-xs font-semibold text-slate-800">{keys}</dt>
            <dd className="text-xs text-slate-500">{what}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
