import { SNAP_ACCESS_CHANNEL, SNAP_EVENTS_CHANNEL, SNAP_PRESENCE_CHANNEL } from "./live-channels";

/** A NOTIFY on one of the live channels, as what it asks the hub to do (payload formats: live-channels.ts). */
export type LiveNotification =
  | { kind: "changed"; snapId: string }
  | { kind: "deleted"; snapId: string }
  | { kind: "membership"; userId: string }
  | { kind: "key-revoked"; apiKeyId: string }
  | { kind: "grant-revoked"; grantId: string }
  | { kind: "sessions-ended"; userId: string; epoch: number }
  | { kind: "session-ended"; userId: string; sessionId: string }
  /** JSON between instances, read by the presence registry. */
  | { kind: "presence"; payload: string };

/** null: a payload that is none of ours. */
export function parseLiveNotification(channel: string, payload: string): LiveNotification | null {
  if (channel === SNAP_EVENTS_CHANNEL) {
    const separator = payload.lastIndexOf(":");
    const snapId = payload.slice(0, separator);
    return payload.slice(separator + 1) === "deleted" ? { kind: "deleted", snapId } : { kind: "changed", snapId };
  }
  if (channel === SNAP_ACCESS_CHANNEL && payload.startsWith("user:")) return { kind: "membership", userId: payload.slice("user:".length) };
  if (channel === SNAP_ACCESS_CHANNEL && payload.startsWith("key:")) return { kind: "key-revoked", apiKeyId: payload.slice("key:".length) };
  if (channel === SNAP_ACCESS_CHANNEL && payload.startsWith("grant:")) return { kind: "grant-revoked", grantId: payload.slice("grant:".length) };
  if (channel === SNAP_ACCESS_CHANNEL && payload.startsWith("session:")) {
    const [userId = "", epoch = ""] = payload.slice("session:".length).split(":");
    return { kind: "sessions-ended", userId, epoch: Number(epoch) };
  }
  if (channel === SNAP_ACCESS_CHANNEL && payload.startsWith("ended:")) {
    const [userId = "", sessionId = ""] = payload.slice("ended:".length).split(":");
    return { kind: "session-ended", userId, sessionId };
  }
  if (channel === SNAP_PRESENCE_CHANNEL) return { kind: "presence", payload };
  return null;
}
