/** How results are printed: a readable table by default, the API's JSON with --json. */

export type Column<Row> = [header: string, value: (row: Row) => unknown];

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.replace(/\s+/g, " ");
  return String(value);
}

/** Rows as an aligned table with a header line (long values cut with an ellipsis). */
export function table<Row>(rows: readonly Row[], columns: readonly Column<Row>[], maxWidth = 48): string {
  const cells = rows.map((row) =>
    columns.map(([, value]) => {
      const value_ = text(value(row));
      return value_.length > maxWidth ? `${value_.slice(0, maxWidth - 1)}…` : value_;
    }),
  );
  const widths = columns.map(([header], index) => Math.max(header.length, ...cells.map((row) => row[index]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, index) => value.padEnd(widths[index]!))
      .join("  ")
      .trimEnd();
  return [line(columns.map(([header]) => header.toUpperCase())), ...cells.map(line)].join("\n") + "\n";
}

/** One object as `key: value` lines. */
export function details(object: Record<string, unknown>): string {
  const width = Math.max(...Object.keys(object).map((key) => key.length));
  return (
    Object.entries(object)
      .map(([key, value]) => `${`${key}:`.padEnd(width + 1)} ${typeof value === "object" && value !== null ? JSON.stringify(value) : text(value)}`)
      .join("\n") + "\n"
  );
}

export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
