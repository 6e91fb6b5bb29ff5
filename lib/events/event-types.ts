/** Every event type of the feed and of webhooks; webhook.test goes only to the endpoint it tests. */
export const EVENT_TYPES = [
  "snap.created",
  "snap.updated",
  "snap.deleted",
  "cards.created",
  "cards.updated",
  "cards.deleted",
  "lines.created",
  "lines.updated",
  "lines.deleted",
  "comment.created",
  "comment.updated",
  "comment.deleted",
  "comment.resolved",
  "member.added",
  "member.role_changed",
  "member.removed",
  "file.created",
  "file.deleted",
  "webhook.test",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** What a webhook may subscribe to: the types, or "*" for all of them. */
export const EVENT_SUBSCRIPTIONS = ["*", ...EVENT_TYPES] as const;
