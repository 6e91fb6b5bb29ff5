import type { SearchType } from "./search-schemas";

/** A result's place in the order (title match first, newest first, then type and id), opaque to clients. */
export interface SearchPosition {
  inTitle: boolean;
  updatedAt: Date;
  type: SearchType;
  id: string;
}

export function encodeSearchCursor(position: SearchPosition): string {
  const text = `${position.inTitle ? 1 : 0}|${position.updatedAt.toISOString()}|${position.type}|${position.id}`;
  return Buffer.from(text, "utf8").toString("base64url");
}

export function decodeSearchCursor(cursor: string): SearchPosition | null {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^([01])\|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(snap|card|comment)\|([A-Za-z0-9_-]{1,64})$/.exec(text);
  const updatedAt = match ? new Date(match[2]!) : null;
  if (!match || !updatedAt || Number.isNaN(updatedAt.getTime())) return null;
  return { inTitle: match[1] === "1", updatedAt, type: match[3] as SearchType, id: match[4]! };
}
