/**
 * Records the SQL statements (text and bound values) that pg sends while `work` runs in this
 * process. The bench calls lib functions in-process with it to EXPLAIN exactly the statements the
 * app sends, instead of a hand-copied query that could drift from lib.
 */
import pg from "pg";

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

export async function captureStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: CapturedStatement[] }> {
  const statements: CapturedStatement[] = [];
  const prototype = pg.Client.prototype as unknown as { query: QueryFn };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === "string") statements.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === "object" && "text" in first) {
      const config = first as { text: string; values?: unknown[] };
      statements.push({ text: config.text, values: config.values ?? [] });
    }
    return original.apply(this, args);
  };
  try {
    const result = await work();
    return { result, statements };
  } finally {
    prototype.query = original;
  }
}
