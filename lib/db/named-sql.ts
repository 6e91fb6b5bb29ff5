/**
 * A statement whose text is built once, with its parameters named instead of numbered: `param(name)`
 * gives the name's `$n` (the same name, the same number), and `bind` orders a record of values to
 * match. The text is constant, so the pool can prepare it once per connection (lib/db/row-reader.ts).
 * `inline` renders some names as SQL of the caller's instead of parameters (the bench's write floor
 * reads the caller from its own CTE: bench/write-floor-server.ts).
 */
export interface NamedSql<Name extends string> {
  text: string;
  bind(values: Record<Name, unknown>): unknown[];
  /** The `$n` of a bound name (for SQL added around the text). */
  placeholder(name: Name): string;
}

export function namedSql<Name extends string>(build: (param: (name: Name) => string) => string, inline: Partial<Record<Name, string>> = {}): NamedSql<Name> {
  const names: Name[] = [];
  const text = build((name) => {
    const sql = inline[name];
    if (sql !== undefined) return sql;
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  return {
    text,
    bind: (values) => names.map((name) => values[name]),
    placeholder: (name) => {
      const index = names.indexOf(name);
      if (index < 0) throw new Error(`${name} is not a parameter of this statement`);
      return `$${index + 1}`;
    },
  };
}
