import type { ErrorDetail } from "../errors/api-error";

/**
 * Keys that name an object's prototype. JSON.parse makes `__proto__` an ordinary own key, but zod's
 * records skip it and a spread or assignment would reach the prototype, so input carrying any of
 * them is refused whole (docs/SECURITY.md, "API3"), in every record field as in every object.
 */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * The first prototype key anywhere in parsed input, as a detail naming its path; null when there is
 * none. Walks with its own stack, so input nested thousands of levels deep cannot overflow it.
 */
export function findPrototypeKey(input: unknown, root: string): ErrorDetail | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== "object") continue;
    for (const key of Object.keys(value)) {
      const keyPath = [...path, key].join(".");
      if (PROTOTYPE_KEYS.has(key)) return { path: keyPath || root, message: `The key "${key}" is not allowed` };
      stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return null;
}
