import { ApiError } from "@/lib/errors/api-error";

/** A position in the feed: after the event (txid, seq), which occurred at `at` (ms). */
export interface FeedCursor {
  txid: string;
  seq: string;
  at: number;
}

export function encodeFeedCursor(cursor: FeedCursor): string {
  return Buffer.from(`${cursor.txid}.${cursor.seq}.${cursor.at}`).toString("base64url");
}

/** 400 for anything this server did not hand out; 410 for a position older than the events kept. */
export function decodeFeedCursor(value: string, retentionDays: number): FeedCursor {
  const text = /^[A-Za-z0-9_-]{1,100}$/.test(value) ? Buffer.from(value, "base64url").toString("utf8") : "";
  const match = /^(\d{1,19})\.(\d{1,19})\.(\d{1,15})$/.exec(text);
  if (!match) throw new ApiError("BAD_REQUEST", "after is not a cursor from this feed", [{ path: "after", message: "Malformed cursor" }]);
  const [, txid, seq, at] = match as unknown as [string, string, string, string];
  if (Number(at) < Date.now() - retentionDays * 86_400_000) {
    throw new ApiError("GONE", `This cursor is older than the ${retentionDays} days of events kept: some events after it are gone. Start again without after.`);
  }
  return { txid, seq, at: Number(at) };
}
