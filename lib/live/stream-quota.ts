import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";

/** How long a refused client is told to wait: a stream of theirs has to end first. */
const RETRY_AFTER_SECONDS = "30";

const holder = globalThis as unknown as { openStreamsPerUser?: Map<string, number> };

/** One count per process whatever the bundling (each route may get its own copy of this module). */
function openStreamsPerUser(): Map<string, number> {
  return (holder.openStreamsPerUser ??= new Map());
}

/**
 * Takes one of the user's event-stream slots on this instance, every kind of stream together
 * (a snap's events, the notification inbox, any added later): LIVE_MAX_STREAMS_PER_USER, default
 * 20 (docs/CONFIGURATION.md). Each stream holds a socket and a subscriber for as long as the
 * client likes, so without one cap for all of them one user with a script holds the instance's
 * memory. 429 with Retry-After past it. Returns the release, which may be called more than once.
 * Call it with no await between it and the subscription, so two opens at once cannot both pass.
 */
export function claimStreamSlot(userId: string): () => void {
  const counts = openStreamsPerUser();
  const limit = config().LIVE_MAX_STREAMS_PER_USER;
  const open = counts.get(userId) ?? 0;
  if (open >= limit) {
    throw new ApiError("RATE_LIMITED", `At most ${limit} open event streams per user: close one first`, undefined, {
      "Retry-After": RETRY_AFTER_SECONDS,
    });
  }
  counts.set(userId, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(userId) ?? 1) - 1;
    if (left > 0) counts.set(userId, left);
    else counts.delete(userId);
  };
}

/** Open streams of every kind and user on this instance (GET /metrics). */
export function openStreamTotal(): number {
  let total = 0;
  for (const count of openStreamsPerUser().values()) total += count;
  return total;
}
