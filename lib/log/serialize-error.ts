/** What a log line keeps of an error: pino's standard fields, each bounded. */
export interface SerializedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
}

const MESSAGE_CHARS = 400;
const STACK_FRAMES = 8;

/**
 * An error as a log line carries it: `{type, message, code, stack}` (the names pino's standard
 * serializer uses), and nothing else. pino's own serializer also copies every enumerable property,
 * and pg puts the whole client (its parsed statements included) on the errors of an idle
 * connection: several kilobytes a line. The stack keeps its first frames, which say where.
 */
export function serializeError(value: unknown): SerializedError | unknown {
  if (typeof value !== "object" || value === null) return value === undefined ? value : { type: typeof value, message: cut(String(value), MESSAGE_CHARS) };
  const error = value as { name?: unknown; message?: unknown; code?: unknown; stack?: unknown; constructor?: { name?: unknown } };
  const type = typeof error.constructor?.name === "string" && error.constructor.name !== "Object" ? error.constructor.name : String(error.name ?? "Error");
  const serialized: SerializedError = { type, message: cut(String(error.message ?? ""), MESSAGE_CHARS) };
  if (typeof error.code === "string" || typeof error.code === "number") serialized.code = String(error.code);
  if (typeof error.stack === "string")
    serialized.stack = error.stack
      .split("\n")
      .slice(0, STACK_FRAMES + 1)
      .join("\n");
  return serialized;
}

function cut(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars)}…`;
}
