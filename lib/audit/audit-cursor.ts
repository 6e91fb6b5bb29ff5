/** The position after an entry, opaque to clients: its time (stored to the millisecond) and id. */
export function encodeAuditCursor(occurredAt: Date, id: string): string {
  return Buffer.from(`${occurredAt.toISOString()}|${id}`, "utf8").toString("base64url");
}

export function decodeAuditCursor(cursor: string): { occurredAt: string; id: string } | null {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([a-z0-9]{1,64})$/.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  return { occurredAt: match[1]!, id: match[2]! };
}
