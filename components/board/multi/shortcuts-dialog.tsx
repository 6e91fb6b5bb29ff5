"use client";

import { Dialog } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { BOARD_COMMANDS, GESTURES } from "../commands/board-commands";
import { COMMAND_GROUPS, type BoardCommand, type CommandGroup } from "../commands/command-types";
import { chordLabel } from "../commands/key-chord";

export interface ShortcutRow {
  keys: string;
  what: string;
}

/** What the `?` list says of a command: its description, or its label when that says it all. */
function commandHelp(command: BoardCommand): string {
  return command.description ?? (typeof command.label === "string" ? command.label : command.id);
}

/** Every key of the board's command table and every gesture, by what it is for (the `?` list). */
export function shortcutRows(): { group: CommandGroup; rows: ShortcutRow[] }[] {
  return COMMAND_GROUPS.map((group) => ({
    group,
    rows: [
      ...BOARD_COMMANDS.filter((command) => command.group === group && command.keys?.length).map((command) => ({
        keys: command
          .keys!.filter((keys, index) => index === 0 || !isSpellingOf(keys, command.keys![0]!))
          .map(chordLabel)
          .join(", "),
        what: commandHelp(command),
      })),
      ...GESTURES.filter((gesture) => gesture.group === group).map((gesture) => ({ keys: gesture.keys, what: gesture.label })),
    ],
  })).filter((section) => section.rows.length > 0);
}

/** Ctrl+= beside Ctrl++: one key on most keyboards, shown once. */
function isSpellingOf(keys: string, first: string): boolean {
  return chordLabel(keys).replace("=", "+").replace("_", "−") === chordLabel(first);
}

/** The `?` dialog: every keyboard shortcut of the board. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" description="On a Mac, use Cmd where it says Ctrl, and Option for Alt.">
      {/* Focused when it opens, so that the dialog opens at its top (the Close button, focused, is at the bottom). */}
      <div data-autofocus tabIndex={-1} aria-label="Shortcuts by group" role="group" className="space-y-5 focus:outline-none">
        {shortcutRows().map(({ group, rows }) => (
          <section key={group}>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{group}</h3>
            <dl className="divide-y divide-slate-100 text-sm">
              {rows.map(({ keys, what }) => (
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
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
