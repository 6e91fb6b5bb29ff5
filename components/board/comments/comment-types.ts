/** A comment as the API and the snap's stream show it (docs/API.md, "Comments and notifications"). */
export interface BoardComment {
  id: string;
  snapId: string;
  cardId: string | null;
  parentId: string | null;
  body: string;
  mentions: { userId: string; name: string }[];
  author: { id: string; name: string };
  createdAt: string;
  editedAt: string | null;
  resolvedAt: string | null;
  resolvedBy: { id: string; name: string } | null;
  deleted: boolean;
  replyCount: number;
}

/** The snap stream's `comment` message. */
export interface CommentMessage {
  type: "comment.created" | "comment.updated" | "comment.deleted" | "comment.resolved";
  commentId: string;
  cardId: string | null;
  parentId: string | null;
  /** Null once the comment is gone. */
  comment?: BoardComment | null;
  /** The comment was too large for the message: read the comments again. */
  truncated?: true;
}

/** Someone who can be mentioned: who can read the snap. */
export interface Mentionable {
  id: string;
  name: string;
}

/** The body's parts: text, and mentions shown by name. */
export function bodyParts(comment: Pick<BoardComment, "body" | "mentions">): ({ text: string } | { mention: string })[] {
  const names = new Map(comment.mentions.map((mention) => [mention.userId, mention.name]));
  const parts: ({ text: string } | { mention: string })[] = [];
  let last = 0;
  for (const match of comment.body.matchAll(/<@([A-Za-z0-9_-]{1,64})>/g)) {
    if (match.index > last) parts.push({ text: comment.body.slice(last, match.index) });
    parts.push({ mention: names.get(match[1]!) ?? "someone" });
    last = match.index + match[0].length;
  }
  if (last < comment.body.length) parts.push({ text: comment.body.slice(last) });
  return parts;
}

/** The composer's text with each picked `@Name` written as the API's `<@USER_ID>`. */
export function toApiBody(text: string, picked: readonly Mentionable[]): string {
  let body = text;
  // Longest names first, so "@Ann Lee" is not taken for "@Ann".
  for (const person of [...picked].sort((a, b) => b.name.length - a.name.length)) body = body.split(`@${person.name}`).join(`<@${person.id}>`);
  return body;
}

/** The API's body as the composer shows it when editing. */
export function toComposerText(comment: Pick<BoardComment, "body" | "mentions">): string {
  return bodyParts(comment)
    .map((part) => ("text" in part ? part.text : `@${part.mention}`))
    .join("");
}
