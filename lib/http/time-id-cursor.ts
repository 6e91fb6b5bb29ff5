import { ApiError } from "@/lib/errors/api-error";

/** A listing's position: after (or before) the row made at `at` with this id (ties broken by id). */
export interface TimeIdCursor {
  at: Date;
  id: string;
}

export function encodeTimeIdCursor(cursor: TimeIdCursor): string {
  return Buffer.from(`${cursor.at.getTime()}.${cursor.id}`).toString("base64url");
}

/** 400 for anything this server did not hand out. */
export function decodeTimeIdCursor(value: string): TimeIdCursor {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(value) ? Buffer.from(value, "base64url").toString("utf8") : "";
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(text);
  if (!match) throw new ApiError("BAD_REQUEST", "after is not a cursor from this listing", [{ path: "after", message: "Malformed cursor" }]);
  return { at: new Date(Number(match[1])), id: match[2]! };
}
