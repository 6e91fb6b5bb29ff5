import { ZodError } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { zodErrorDetails } from "@/lib/http/zod-details";

/**
 * One CLI command. `prepare` validates the flags without touching the database (so bad input fails
 * fast and writes nothing) and returns the step that runs once the database is ready. Command
 * files import lib modules that use the database only inside that step, with `await import()`:
 * lib/db/client.ts reads DATABASE_URL when it is first imported, and scripts/cli.ts sets it first.
 */
export interface Command {
  name: string;
  summary: string;
  flags: Record<string, Flag>;
  prepare(values: FlagValues): () => Promise<void>;
}

export interface Flag {
  /** Shown in the usage line: `--email E`. */
  placeholder: string;
  required: boolean;
}

export type FlagValues = Record<string, string | undefined>;

/** An expected failure of the command line itself (unknown option, missing flag): exit code 1. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CliError";
  }
}

export function usageLine(command: Command): string {
  const flags = Object.entries(command.flags).map(([name, flag]) => {
    const text = `--${name} ${flag.placeholder}`;
    return flag.required ? text : `[${text}]`;
  });
  return [command.name, ...flags].join(" ");
}

export function printOut(line: string): void {
  process.stdout.write(`${line}\n`);
}

export function printErr(line: string): void {
  process.stderr.write(`${line}\n`);
}

/**
 * One line for an expected error (ApiError, ZodError, CliError), naming fields as the flags they
 * came from; null for anything else. Never a stack trace, never an input value (it may be a secret).
 */
export function expectedErrorMessage(error: unknown): string | null {
  if (error instanceof CliError) return error.message;
  if (error instanceof ApiError) {
    const details = (error.details ?? []).map((detail) => `${flagName(detail.path)}: ${detail.message}`);
    return details.length ? `${error.message} (${details.join("; ")})` : error.message;
  }
  if (error instanceof ZodError) {
    const details = zodErrorDetails(error).map((detail) => `${flagName(detail.path)}: ${detail.message}`);
    return `invalid input: ${details.join("; ")}`;
  }
  return null;
}

/** Validation paths are the flag names (the schemas' fields are named like the flags). */
function flagName(path: string): string {
  return /^[a-z][a-zA-Z]*$/.test(path) ? `--${path}` : path;
}

/** User-chosen text (key names) as one printable line: control characters are shown escaped. */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
