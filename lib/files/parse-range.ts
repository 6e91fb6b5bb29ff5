import type { ByteRange } from "./file-storage";

/**
 * One byte range of a `Range: bytes=…` header (RFC 9110 §14.2): `a-b`, `a-` or `-n`. null when
 * there is no header, it is not a bytes range, or it asks for several ranges (the whole file is
 * then sent, as the RFC allows); "unsatisfiable" when it starts past the end.
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}
