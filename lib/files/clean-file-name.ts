/**
 * A file name as stored and shown: no folder (a browser may send one), no control or bidi
 * override characters, at most 255 characters; "file" when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  return cleaned.slice(0, 255) || "file";
}
