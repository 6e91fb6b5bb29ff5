/** The shape of a `snapboard` command, and what it runs with. */
import type { ParseArgsConfig } from "node:util";
import type { SnapBoard } from "../client.js";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export interface RunContext {
  /** The signed-in client (throws a usage error with the fix when there is no login). */
  client(): Promise<SnapBoard>;
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  json: boolean;
  out(text: string): void;
  /** Progress and notes for a person: stderr, so stdout stays the result. */
  note(text: string): void;
  readStdin(): Promise<string>;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
}

export interface Command {
  /** The words that name it, e.g. ["snaps", "ls"]. */
  path: string[];
  /** Its positional arguments, for the usage line (`<id>`, `[file]`). */
  args?: string;
  summary: string;
  options?: OptionSpec;
  /** One line per option, for --help. */
  optionHelp?: Record<string, string>;
  run(context: RunContext): Promise<void>;
}

/** A mistake in how the command was called: exit code 2 with the message and the usage line. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export function requiredPositional(context: RunContext, index: number, name: string): string {
  const value = context.positionals[index];
  if (!value) throw new UsageError(`Missing ${name}`);
  return value;
}

export function stringOption(context: RunContext, name: string): string | undefined {
  const value = context.values[name];
  return typeof value === "string" ? value : undefined;
}

export function integerOption(context: RunContext, name: string): number | undefined {
  const value = stringOption(context, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}
