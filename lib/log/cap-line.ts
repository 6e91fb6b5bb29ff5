/** The longest log line written, in bytes (newline included): one screen an operator can read. */
export const MAX_LINE_BYTES = 2048;

const FIELD_CHARS = 300;
/** Fields a shortened line always keeps whole (they are short by construction). */
const KEPT = new Set(["level", "time", "requestId", "component"]);

/**
 * The last fence behind the error serializer: a line over MAX_LINE_BYTES has each long field
 * shortened (a string to its start, an object to its size) and is marked `truncated`; if that is
 * not enough, only the line's level, time, component and the start of its message are left.
 */
export function capLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_LINE_BYTES) return line;
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return `${JSON.stringify({ truncated: true, msg: line.slice(0, FIELD_CHARS) })}\n`;
  }
  const shortened: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) shortened[name] = KEPT.has(name) ? value : shorten(value);
  shortened.truncated = true;
  const text = `${JSON.stringify(shortened)}\n`;
  if (Buffer.byteLength(text) <= MAX_LINE_BYTES) return text;
  const { level, time, component, requestId, msg } = fields;
  return `${JSON.stringify({ level, time, component, requestId, msg: shorten(msg), truncated: true })}\n`;
}

/** A string to its start; an object's own strings to theirs (an error keeps its type and code), deeper objects to their size. */
function shorten(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.length <= FIELD_CHARS ? value : `${value.slice(0, FIELD_CHARS)}…`;
  if (typeof value !== "object" || value === null) return value;
  const json = JSON.stringify(value);
  if (json.length <= FIELD_CHARS) return value;
  if (depth > 0 || Array.isArray(value)) return `[${json.length} characters left out]`;
  return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, shorten(field, depth + 1)]));
}
