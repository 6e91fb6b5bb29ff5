#!/usr/bin/env node
/**
 * `snapboard`: the Snap Board command line (sdk/README.md, "Command line"). Commands mirror the
 * API's resources; results go to stdout (a table, or the API's JSON with --json), progress and
 * notes to stderr; the exit code says what kind of failure it was (exit-codes.ts).
 */
import { parseArgs } from "node:util";
import { SnapBoard } from "../client.js";
import { SnapBoardError } from "../errors.js";
import type { Command, RunContext } from "./command.js";
import { UsageError } from "./command.js";
import { cardCommands } from "./commands/cards.js";
import { eventCommands } from "./commands/events.js";
import { loginCommands } from "./commands/login.js";
import { rangeCommands } from "./commands/range.js";
import { searchCommands } from "./commands/search.js";
import { snapCommands } from "./commands/snaps.js";
import { transferCommands } from "./commands/transfer.js";
import { webhookCommands } from "./commands/webhooks.js";
import { completionScript } from "./completion.js";
import { readLogin, writeLogin } from "./config.js";
import { EXIT, exitCodeOf } from "./exit-codes.js";
import { refreshLogin } from "./oauth.js";

const COMMANDS: Command[] = [
  ...loginCommands,
  ...snapCommands,
  ...cardCommands,
  ...rangeCommands,
  ...transferCommands,
  ...searchCommands,
  ...eventCommands,
  ...webhookCommands,
];

const GLOBAL_OPTIONS = { json: { type: "boolean" }, help: { type: "boolean", short: "h" }, url: { type: "string" } } as const;

function usageLine(command: Command): string {
  const options = Object.keys(command.options ?? {}).map((name) => `[--${name}${command.options?.[name]?.type === "string" ? " …" : ""}]`);
  return ["snapboard", ...command.path, command.args ?? "", ...options].filter(Boolean).join(" ");
}

function commandHelp(command: Command): string {
  const options = Object.entries(command.optionHelp ?? {}).map(([name, text]) => `  --${name.padEnd(12)} ${text}`);
  return (
    [
      `Usage: ${usageLine(command)}`,
      "",
      command.summary,
      "",
      "Options:",
      ...options,
      "  --json         Print the API's JSON",
      "  --help         This help",
    ].join("\n") + "\n"
  );
}

function overview(): string {
  const lines = COMMANDS.map((command) => `  ${[...command.path, command.args ?? ""].join(" ").padEnd(30)} ${command.summary}`);
  return (
    [
      "snapboard: Snap Board from the command line",
      "",
      "Usage: snapboard <command> [options]   (snapboard <command> --help for its options)",
      "",
      "Commands:",
      ...lines,
      `  ${"completion bash|zsh|fish".padEnd(30)} Print a shell completion script (e.g. snapboard completion bash >> ~/.bashrc)`,
      "",
      "Sign-in: snapboard login, or SNAPBOARD_URL and SNAPBOARD_API_KEY in the environment.",
      "Exit codes: 0 done, 1 failed, 2 usage, 3 not signed in or not allowed, 4 not found, 5 conflict,",
      "6 invalid, 7 rate limited or unavailable, 8 no answer from the server.",
    ].join("\n") + "\n"
  );
}

/** The command named by the longest prefix of the arguments. */
function findCommand(words: readonly string[]): { command: Command; rest: string[] } | undefined {
  for (const length of [2, 1]) {
    const command = COMMANDS.find((candidate) => candidate.path.length === length && candidate.path.every((word, index) => words[index] === word));
    if (command) return { command, rest: words.slice(length) };
  }
  return undefined;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const out = (text: string) => void process.stdout.write(text);
  const note = (text: string) => void process.stderr.write(text);
  const [first, second] = argv;
  if (!first || first === "help" || first === "--help" || first === "-h") {
    out(overview());
    return EXIT.ok;
  }
  if (first === "completion") {
    const script = second && completionScript(second, COMMANDS);
    if (!script) return (note("Usage: snapboard completion bash|zsh|fish\n"), EXIT.usage);
    out(script);
    return EXIT.ok;
  }
  const found = findCommand(argv);
  if (!found) {
    note(`Unknown command: ${argv.slice(0, 2).join(" ")}\n\n${overview()}`);
    return EXIT.usage;
  }
  const { command, rest } = found;
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  try {
    const { values, positionals } = parseArgs({ args: rest, options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
    if (values.help) return (out(commandHelp(command)), EXIT.ok);
    const context: RunContext = {
      values: values as RunContext["values"],
      positionals,
      json: Boolean(values.json),
      out,
      note,
      env: typeof values.url === "string" ? { ...env, SNAPBOARD_URL: values.url } : env,
      signal: controller.signal,
      readStdin: () => readAll(process.stdin),
      client: async () => {
        const stored = await readLogin(env);
        const baseUrl = context.env.SNAPBOARD_URL ?? stored?.url;
        const apiKey = env.SNAPBOARD_API_KEY ?? (baseUrl === stored?.url ? stored?.apiKey : undefined);
        if (!baseUrl) throw new UsageError("Not signed in: run snapboard login --url https://your-server, or set SNAPBOARD_URL and SNAPBOARD_API_KEY");
        if (apiKey) return new SnapBoard({ baseUrl, apiKey });
        if (!stored?.accessToken || stored.url !== baseUrl) throw new UsageError(`No credential for ${baseUrl}: run snapboard login, or set SNAPBOARD_API_KEY`);
        let login = stored;
        if (login.expiresAt !== undefined && login.expiresAt - Date.now() < 60_000) {
          login = await refreshLogin(login);
          await writeLogin(login, env);
        }
        return new SnapBoard({ baseUrl, accessToken: login.accessToken });
      },
    };
    await command.run(context);
    return EXIT.ok;
  } catch (error) {
    if (controller.signal.aborted) return EXIT.ok;
    const code = exitCodeOf(error);
    if (error instanceof SnapBoardError) {
      const fields = error.details.map((detail) => `\n  ${detail.path}: ${detail.message}`).join("");
      note(`Error: ${error.message}${fields}${error.requestId ? `\n(request ${error.requestId})` : ""}\n`);
    } else if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      note(`${(error as Error).message}\n\n${commandHelp(command)}`);
      return EXIT.usage;
    } else note(`Error: ${(error as Error).message}\n`);
    return code;
  } finally {
    process.off("SIGINT", onSignal);
  }
}

process.exitCode = await main(process.argv.slice(2));
