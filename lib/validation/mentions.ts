/** `<@USER_ID>` in a comment's body (docs/API.md, "Comments and notifications"). */
const MENTION = /<@([A-Za-z0-9_-]{1,64})>/g;

/** The distinct user ids a body mentions, in order of first mention. */
export function parseMentions(body: string): string[] {
  return [...new Set(Array.from(body.matchAll(MENTION), (match) => match[1]!))];
}

/** The body with each mention written as `@Name` (emails, excerpts). */
export function renderMentions(body: string, mentions: readonly { userId: string; name: string }[]): string {
  const names = new Map(mentions.map((mention) => [mention.userId, mention.name]));
  return body.replace(MENTION, (whole, id: string) => (names.has(id) ? `@${names.get(id)}` : whole));
}
