import "server-only";
import { config } from "@/lib/config";
import pino from "pino";
import { currentRequestContext } from "@/lib/request/request-context";
import { capLine } from "./cap-line";
import { outageCause } from "./outage-cause";
import { admitOutageLine } from "./outage-lines";
import { serializeError } from "./serialize-error";

/**
 * Fields that must never reach a log line, wherever a caller puts them: a second fence behind the
 * rule that request headers and bodies are not logged at all. Explicit paths, not wildcards:
 * wildcard redaction cost about 20 µs per line here, explicit paths next to nothing.
 */
const REDACTED_PATHS = [
  "authorization",
  "cookie",
  "password",
  "secret",
  "key",
  "apiKey",
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "req.headers.authorization",
  "req.headers.cookie",
  "body.password",
  "body.key",
];

const WARN = 40;

/**
 * The process's one logger: JSON lines on stdout. Every line written while a request is handled
 * carries its id (lib/request/request-context.ts), without a child logger per request. Writes are
 * asynchronous, so lines written under load go out together; pino flushes them at exit.
 * Errors, under `err` or `error`, are `{type, message, code, stack}` only (serialize-error.ts);
 * no line is over 2 KB (cap-line.ts); while the database is away, a cause is logged at most once
 * per 10 s (outage-lines.ts).
 */
export const logger = pino(
  {
    level: config().LOG_LEVEL,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: serializeError, error: serializeError },
    hooks: {
      logMethod(args, write, level) {
        const cause = level >= WARN ? outageCause(args[0], args[1]) : null;
        if (cause === null) return write.apply(this, args);
        const { write: now, leftOut } = admitOutageLine(cause);
        if (!now) return;
        if (leftOut === 0) return write.apply(this, args);
        const [fields, ...rest] = args as unknown as [object, ...string[]];
        // Which lines were left out is said by the line that follows them.
        return (write as (...line: unknown[]) => void).apply(this, [{ ...fields, linesLeftOut: leftOut }, ...rest]);
      },
      streamWrite: capLine,
    },
    mixin() {
      const context = currentRequestContext();
      return context ? { requestId: context.requestId } : {};
    },
  },
  pino.destination({ dest: 1, sync: false }),
);
