import { config } from "@/lib/config";

/**
 * How many event streams one user may hold open on one instance (LIVE_MAX_STREAMS_PER_USER, default
 * 20; README, "Configuration"): each is a socket and a subscriber held for as long as the client
 * likes, so one user with a script could otherwise hold the instance's memory and connections. 20
 * is several tabs and devices with room to spare; a browser keeps about six per origin anyway.
 */
export function maxStreamsPerUser(): number {
  return config().LIVE_MAX_STREAMS_PER_USER;
}
