"use client";

import { Dialog } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";

/** Every shortcut of the board, by what it is for. Cmd stands for Ctrl on a Mac. */
const SHORTCUTS: { title: string; keys: [string, string][] }[] = [
  {
    title: "Select",
    keys: [
      ["Click", "Select a card or an empty cell"],
      ["Shift+click, Shift+arrows", "Select every card of the rectangle between"],
      ["Ctrl+click", "Add a card to the selection, or take it out"],
      ["Drag on empty cells", "Draw a selection rectangle"],
      ["Ctrl+A", "Select every card of the board"],
      ["Arrows", "Go to the next card or cell"],
      ["Escape, click on the canvas", "Clear the selection"],
    ],
  },
  {
    title: "Edit",
    keys: [
      ["Type a character", "Edit the selected card, starting with it (or add a card in an empty cell)"],
      ["Enter, double click", "Edit the selected card's text"],
      ["F2", "Edit, with the cursor after the text"],
      ["Enter (after typing on a card)", "Save and go down; Shift+Enter up; Alt+Enter: a new line"],
      ["Tab, Shift+Tab (while editing)", "Save and go right, or left"],
      ["Escape (while editing)", "Cancel the edit"],
      ["Delete, Backspace", "Delete the selected cards"],
      ["Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y", "Undo, redo"],
    ],
  },
  {
    title: "Move and copy",
    keys: [
      ["Drag", "Move the selected cards together"],
      ["Alt+arrows", "Move the selected cards one cell"],
      ["Ctrl+C, Ctrl+X, Ctrl+V", "Copy, cut, paste (also to and from a spreadsheet)"],
      ["Ctrl+D", "Duplicate the selected cards"],
      ["Shift+F10, menu key, right click, long press", "Open the context menu"],
      ["?", "Show these shortcuts"],
    ],
  },
  {
    title: "View and find",
    keys: [
      ["Ctrl+wheel, pinch", "Zoom around the pointer (25 % to 200 %)"],
      ["Ctrl++, Ctrl+−, Ctrl+0", "Zoom in, zoom out, back to 100 %"],
      ["Shift+1", "Fit the whole board on screen"],
      ["Ctrl+F", "Find cards by their text and notes (again: the browser's find)"],
      ["Enter, Shift+Enter (in find)", "Next match, previous match"],
    ],
  },
];

/** The `?` dialog: every keyboard shortcut of the board. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" description="On a Mac, use Cmd where it says Ctrl, and Option for Alt.">
      <div className="space-y-5">
        {SHORTCUTS.map((group) => (
          <section key={group.title}>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{group.title}</h3>
            <dl className="divide-y divide-slate-100 text-sm">
              {group.keys.map(([keys, what]) => (
                <div key={keys} className="flex gap-4 py-1.5">
                  <dt className="w-2/5 shrink-0">
                    <kbd className="rounded bg-slate-100 px-1.5 py-0.5 font-sans text-xs font-medium text-slate-800 ring-1 ring-slate-200">{keys}</kbd>
                  </dt>
                  <dd className="text-slate-700">{what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
