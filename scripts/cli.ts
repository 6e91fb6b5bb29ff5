/**
 * The admin CLI: `npm run --silent cli -- <command> [--flag value ...]` (usage below).
 *
 * It works on the same database as the app: DATABASE_URL when set, else the project's embedded
 * PostgreSQL (the running one, or one started for the length of the command). Migrations are
 * applied first, so a fresh database works. Results go to stdout, everything else to stderr.
 * Exit codes: 0 done; 1 refused or failed, with one line on stderr and nothing written;
 * 2 unknown command.
 */
import { parseArgs } from "node:util";
import { reloadConfig } from "@/lib/config";
import { apikeyCreate } from "./cli/apikey-create";
import { apikeyList } from "./cli/apikey-list";
import { apikeyRevoke } from "./cli/apikey-revoke";
import { CliError, expectedErrorMessage, printErr, usageLine, type Command, type FlagValues } from "./cli/command";
import { userCreate } from "./cli/user-create";
import { workspaceAddMember } from "./cli/workspace-add-member";

const COMMANDS: Command[] = [userCreate, workspaceAddMember, apikeyCreate, apikeyRevoke, apikeyList];

const EXIT_OK = 0;
const EXIT_ERROR = 1;
const EXIT_USAGE = 2;

function usage(): string {
  const commands = COMMANDS.map((command) => `  ${usageLine(command)}\n      ${command.summary}`);
  return [
    "Snap Board Service admin CLI",
    "",
    "Usage: npm run --silent cli -- <command> [options]",
    "",
    "Commands:",
    ...commands,
    "  help\n      Show this help (also: <command> --help).",
    "",
    "Database: DATABASE_URL if set, else the project's embedded database (started if not running);",
    "migrations on DATABASE_DIRECT_URL when set (DATABASE_URL behind a pooler in transaction mode).",
    "Exit codes: 0 done, 1 refused or failed (nothing written), 2 unknown command.",
  ].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    printErr(usage());
    return EXIT_OK;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    printErr(`error: unknown command "${name}"\n`);
    printErr(usage());
    return EXIT_USAGE;
  }
  if (args.includes("--help") || args.includes("-h")) {
    printErr(`Usage: npm run --silent cli -- ${usageLine(command)}\n${command.summary}`);
    return EXIT_OK;
  }

  let run: () => Promise<void>;
  try {
    run = command.prepare(parseFlags(command, args));
  } catch (error) {
    return report(error, command);
  }
  return withDatabase(run, command);
}

/** Strict parsing: every flag takes a value; unknown flags, stray arguments and missing flags are errors. */
function parseFlags(command: Command, args: string[]): FlagValues {
  const options = Object.fromEntries(Object.keys(command.flags).map((flag) => [flag, { type: "string" as const }]));
  let values: FlagValues;
  try {
    values = parseArgs({ args, options, strict: true, allowPositionals: false }).values as FlagValues;
  } catch (error) {
    throw new CliError(flagErrorMessage(error));
  }
  const missing = Object.entries(command.flags)
    .filter(([flag, spec]) => spec.required && values[flag] === undefined)
    .map(([flag]) => `--${flag}`);
  if (missing.length) throw new CliError(`missing required option${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  return values;
}

/** parseArgs' messages are long and may quote a mistyped value (a password?): name the option only. */
function flagErrorMessage(error: unknown): string {
  const code = (error as { code?: string }).code;
  const option = /'(--?[^'=\s]+)/.exec(error instanceof Error ? error.message : "")?.[1];
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${option ?? ""}`.trim();
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return `option ${option ?? ""} needs a value (for a value that starts with "-", write ${option ?? "--flag"}=value)`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return "unexpected argument: options take the form --flag value (quote values that contain spaces)";
    default:
      return "could not parse the options";
  }
}

/**
 * Resolves and migrates the database, then runs the command with lib's Prisma client, then
 * disconnects and stops the embedded database if this process started it.
 */
async function withDatabase(run: () => Promise<void>, command: Command): Promise<number> {
  // A command needs a connection or two; the embedded server takes 100 in all, the app included.
  process.env.DATABASE_POOL_SIZE ??= "2";

  let database: { url: string; stop(): Promise<void> };
  try {
    // resolveDatabaseUrl() would answer DATABASE_URL too; not loading the embedded module saves time.
    const url = process.env.DATABASE_URL;
    database = url ? { url, stop: async () => {} } : await (await import("@/lib/db/embedded")).resolveDatabaseUrl();
  } catch (error) {
    return report(error, command, "could not open the database");
  }

  // An embedded server started here stops cleanly on SIGINT/SIGTERM by itself (lib/db/embedded.ts).
  try {
    process.env.DATABASE_URL = database.url;
    // config() was read when the embedded module loaded, before the URL was known: read it again.
    reloadConfig();
    // Migration notes go to stderr only when they matter (something applied, or a failure): every
    // run takes the migration lock, so concurrent runs would otherwise report waiting for each other.
    const migrationLog: string[] = [];
    const showMigrationLog = () => migrationLog.forEach((line) => printErr(`[migrate] ${line}`));
    try {
      const { applyMigrations } = await import("@/lib/db/migrate");
      // The migration lock is a session's: on DATABASE_DIRECT_URL when DATABASE_URL is a pooler.
      const { applied } = await applyMigrations(process.env.DATABASE_DIRECT_URL || database.url, { log: (line: string) => migrationLog.push(line) });
      if (applied.length) showMigrationLog();
    } catch (error) {
      showMigrationLog();
      return report(error, command, "could not migrate the database");
    }

    // Imported only now: the client reads DATABASE_URL when the module is first evaluated.
    const { db } = await import("@/lib/db/client");
    try {
      // Audit log entries written by the command name the CLI as their actor (lib/audit/audit-actor.ts).
      const { runAsCli } = await import("@/lib/audit/audit-actor");
      await runAsCli(run);
      return EXIT_OK;
    } catch (error) {
      return report(error, command);
    } finally {
      await db.$disconnect();
    }
  } finally {
    await database.stop();
  }
}

/** One line for what was expected to go wrong; a stack trace only for a bug, and only on request. */
function report(error: unknown, command: Command, context?: string): number {
  const expected = expectedErrorMessage(error);
  if (expected !== null) {
    const hint = error instanceof CliError ? ` (usage: ${usageLine(command)})` : "";
    printErr(`error: ${command.name}: ${expected}${hint}`);
    return EXIT_ERROR;
  }
  const message = (error instanceof Error ? error.message : String(error)).trim().split("\n")[0];
  const debug = process.env.SNAP_CLI_DEBUG;
  printErr(`error: ${command.name}: ${context ? `${context}: ` : ""}${message}${debug ? "" : " (SNAP_CLI_DEBUG=1 shows the stack trace)"}`);
  if (debug) printErr(error instanceof Error && error.stack ? error.stack : String(error));
  return EXIT_ERROR;
}

process.exit(await main(process.argv.slice(2)));
