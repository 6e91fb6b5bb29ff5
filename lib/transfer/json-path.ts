/**
 * A JSON path as people write it, `cards[3].row`: indexes in brackets, names after dots, other
 * keys (a size map's "12") quoted in brackets. The empty path is the document itself.
 */
export function jsonPath(segments: readonly PropertyKey[], root = "(body)"): string {
  let path = "";
  for (const segment of segments) {
    if (typeof segment === "number") path += `[${segment}]`;
    else if (typeof segment === "string" && /^[A-Za-z_$][\w$]*$/.test(segment)) path += path ? `.${segment}` : segment;
    else path += `[${JSON.stringify(String(segment))}]`;
  }
  return path || root;
}
