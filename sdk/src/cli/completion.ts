/** `snapboard completion bash|zsh|fish`: a completion script for the shell, from the command table. */
import type { Command } from "./command.js";

export function completionScript(shell: string, commands: readonly Command[]): string | undefined {
  const top = [...new Set(commands.map((command) => command.path[0]!))].sort();
  const subcommands = new Map<string, string[]>();
  for (const command of commands)
    if (command.path.length > 1) subcommands.set(command.path[0]!, [...(subcommands.get(command.path[0]!) ?? []), command.path[1]!]);
  if (shell === "bash" || shell === "zsh") {
    const cases = [...subcommands].map(([word, subs]) => `    ${word}) COMPREPLY=($(compgen -W "${subs.join(" ")}" -- "$current")) ;;`).join("\n");
    const body = `_snapboard() {
  local current="\${COMP_WORDS[COMP_CWORD]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${top.join(" ")} help" -- "$current"))
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
}
complete -F _snapboard snapboard
`;
    return shell === "zsh" ? `autoload -U +X bashcompinit && bashcompinit\n${body}` : body;
  }
  if (shell === "fish") {
    const lines = top.map((word) => `complete -c snapboard -n "__fish_use_subcommand" -a ${word}`);
    for (const [word, subs] of subcommands) lines.push(`complete -c snapboard -n "__fish_seen_subcommand_from ${word}" -a "${subs.join(" ")}"`);
    return `${lines.join("\n")}\n`;
  }
  return undefined;
}
