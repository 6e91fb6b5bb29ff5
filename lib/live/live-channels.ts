/**
 * The PostgreSQL NOTIFY channels of live updates; payloads stay far below NOTIFY's 8000-byte limit.
 * - snap_events: '<snapId>:<version>' after a change is committed, '<snapId>:deleted' after a delete,
 *   '<snapId>:members' after its board members changed (the streams re-check their access).
 * - snap_access: 'user:<userId>' when a user's membership or role changed: their streams, and the
 *   streams on their snaps, check read access again; 'key:<apiKeyId>' when a key was revoked: the
 *   streams opened with it end; 'grant:<grantId>' the same for a connected app's OAuth grant;
 *   'session:<userId>:<epoch>' when the user signed out everywhere or changed their password: the
 *   streams of their sessions from an older epoch end; 'ended:<userId>:<sessionId>' when one
 *   session was signed out: the streams opened with it end.
 * - snap_presence: JSON, between app instances (lib/live/presence-registry.ts).
 */
export const SNAP_EVENTS_CHANNEL = "snap_events";
export const SNAP_ACCESS_CHANNEL = "snap_access";
export const SNAP_PRESENCE_CHANNEL = "snap_presence";
