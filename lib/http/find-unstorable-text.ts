import type { ErrorDetail } from "../errors/api-error";

/** A UTF-16 surrogate without its pair: not a character, and not valid UTF-8 once encoded. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store this text as sent, or null. */
export function unstorableTextProblem(text: string): string | null {
  // PostgreSQL refuses NUL in text (it would be a 500); a lone surrogate would be stored altered.
  if (text.includes("\u0000")) return "Text may not contain NUL (\\u0000) characters";
  if (LONE_SURROGATE.test(text)) return "Text may not contain unpaired UTF-16 surrogates";
  return null;
}

/**
 * The first string (value or key) of parsed input that PostgreSQL could not store as sent, as a
 * detail naming its path; null when there is none. Walks with its own stack, so input nested
 * thousands of levels deep cannot overflow the call stack.
 */
export function findUnstorableText(input: unknown, root: string): ErrorDetail | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    const at = (segments: string[]) => segments.join(".") || root;
    if (typeof value === "string") {
      const problem = unstorableTextProblem(value);
      if (problem) return { path: at(path), message: problem };
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        const problem = unstorableTextProblem(key);
        if (problem) return { path: at(path), message: `A key: ${problem}` };
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}
