import type { Principal } from "@/lib/request/principal";
import type { LiveNotification } from "./parse-live-notification";

/** Which open streams a revocation ends, and what they are told. */
export interface StreamsEnded {
  ends(principal: Principal): boolean;
  message: string;
}

/**
 * The streams of every kind (snap events, notifications) that a notification on snap_access ends:
 * those opened with a revoked key or connected app, or a signed-out session. Null for any other.
 */
export function streamsEndedBy(notification: LiveNotification | null): StreamsEnded | null {
  switch (notification?.kind) {
    case "key-revoked": {
      const { apiKeyId } = notification;
      return { ends: (principal) => principal.apiKeyId === apiKeyId, message: "The API key of this stream was revoked" };
    }
    case "grant-revoked": {
      const { grantId } = notification;
      return { ends: (principal) => principal.oauth?.grantId === grantId, message: "The connected app of this stream was revoked" };
    }
    case "sessions-ended": {
      // Signed out everywhere (or the password changed): streams of the user's older sessions end.
      const { userId, epoch } = notification;
      return {
        ends: (principal) => principal.via === "session" && principal.userId === userId && (principal.sessionEpoch ?? 0) < epoch,
        message: "You were signed out",
      };
    }
    case "session-ended": {
      const { userId, sessionId } = notification;
      return {
        ends: (principal) => principal.via === "session" && principal.userId === userId && principal.sessionId === sessionId,
        message: "You were signed out",
      };
    }
    default:
      return null;
  }
}
