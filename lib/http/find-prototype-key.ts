import type { ErrorDetail } from "../errors/api-error";

/**
 * Keys that name an object's prototype. JSON.parse makes `__proto__` an ordinary own key, but zod's
 * records skip it and a spread or assignment would reach the prototype, so input carrying any of
 * them is refused whole (docs/SECURITY.md, "OWASP API Security Top 10, item by item", API3), in every record field as in every object.
 */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

/**
 * The first prototype key anywhere in parsed input, as a detail naming its path; null when there is
 * none. Walks with its own stack, each entry linked to its parent, so input nested thousands of
 * levels deep neither overflows the call stack nor costs a path copy per level: the path is
 * spelled out only for the key it reports.
 */
export function findPrototypeKey(input: unknown, root: string): ErrorDetail | null {
  const stack: Visit[] = [{ value: input, key: null, parent: null }];
  while (stack.length) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (value === null || typeof value !== "object") continue;
    for (const key of Object.keys(value)) {
      const child: Visit = { value: (value as Record<string, unknown>)[key], key, parent: visit };
      if (PROTOTYPE_KEYS.has(key)) return { path: pathOf(child) || root, message: `The key "${key}" is not allowed` };
      stack.push(child);
    }
  }
  return null;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
}
