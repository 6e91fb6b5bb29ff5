import { BOARD_COMMANDS } from "./board-commands";
import type { BoardCommand, CommandContext, CommandScope, KeyFocus } from "./command-types";
import { matchesChord, parseChord, type KeyChord, type KeyInput } from "./key-chord";

/** Which focus each scope's keys work in. */
const SCOPE_FOCUS: Record<CommandScope, readonly KeyFocus[]> = {
  grid: ["grid"],
  board: ["grid", "board"],
  page: ["grid", "board", "page"],
  anywhere: ["grid", "board", "page", "text"],
};

interface Binding {
  chord: KeyChord;
  command: BoardCommand;
}

/** The table's chords, parsed once; a class of keys ("Char") after every named key, so that "?" or Shift+1 is not typed. */
function bindingsOf(commands: readonly BoardCommand[]): Binding[] {
  const bindings = commands.flatMap((command) => (command.browserKeys ? [] : (command.keys ?? []).map((keys) => ({ chord: parseChord(keys), command }))));
  return [...bindings.filter((binding) => binding.chord.key !== "Char"), ...bindings.filter((binding) => binding.chord.key === "Char")];
}

const BINDINGS = bindingsOf(BOARD_COMMANDS);

/** The command a key runs now, if any: its chord matches, its scope holds the focus, and it applies. */
export function commandForKey(event: KeyInput, context: CommandContext, bindings: readonly Binding[] = BINDINGS): BoardCommand | null {
  for (const { chord, command } of bindings) {
    if (!matchesChord(chord, event)) continue;
    if (!SCOPE_FOCUS[command.scope ?? "board"].includes(context.focus)) continue;
    if (command.when && !command.when(context)) continue;
    return command;
  }
  return null;
}

export { bindingsOf };
