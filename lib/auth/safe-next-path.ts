/**
 * A `next` parameter as a path of this app, or "/": only a single leading slash, no scheme, no
 * backslash or control character, so a crafted link cannot send a signed-in person to another site.
 */
export function safeNextPath(value: string | string[] | undefined): string {
  if (typeof value !== "string" || value.length > 4000) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f]/.test(value)) return "/";
  return value;
}
