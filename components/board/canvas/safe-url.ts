import { isFilePath } from "../files/file-url-context";

/**
 * The URL in a link, image or embed card, only when it is absolute http(s) (https only for
 * embeds) or the path of a file uploaded here (not for embeds); anything else, javascript:
 * included, is never put in an href, src or frame.
 */
export function safeUrl(text: string, options: { httpsOnly?: boolean } = {}): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!options.httpsOnly && isFilePath(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  const allowed = options.httpsOnly ? url.protocol === "https:" : url.protocol === "https:" || url.protocol === "http:";
  return allowed ? url.href : null;
}
