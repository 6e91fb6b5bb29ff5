import "server-only";
import { config } from "@/lib/config";
import pino from "pino";
import { currentRequestContext } from "@/lib/request/request-context";
import { capLine } from "./cap-line";
import { outageComponent } from "./outage-cause";
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
 * Lines are written out in batches of about 4 KB, and at least every quarter second: a write to
 * stdout per line cost a single card write about 0.3 ms of its 1.8 ms of CPU, with the process
 * reading the pipe (docs/PERFORMANCE.md, "Single writes").
 * At exit, an error's included, pino writes what is left; only a process killed outright (SIGKILL,
 * V8 out of memory) loses its last quarter second of lines.
 */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 250;

/**
 * The process's one logger: JSON lines on stdout. Every line written while a request is handled
 * carries its id (lib/request/request-context.ts), without a child logger per request. Lines go
 * out in batches (LOG_BUFFER_BYTES, LOG_FLUSH_MS); pino flushes what is left at exit.
 * Errors, under `err` or `error`, are `{type, message, code, stack}` only (serialize-error.ts);
 * no line is over 2 KB (cap-line.ts); while the database is away, each component writes one line
 * when the outage starts and the process one when it ends (outage-lines.ts).
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
        const component = level >= WARN ? outageComponent(args[0], args[1]) : null;
        if (component === null || admitOutageLine(component)) return write.apply(this, args);
      },
      streamWrite: capLine,
    },
    mixin() {
      const context = currentRequestContext();
      return context ? { requestId: context.requestId } : {};
    },
  },
  pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS }),
);
