import { exampleCard, exampleSnap } from "./examples";

const AUTHOR = { id: exampleSnap.userId, name: "Alice" };
const CAROL = "cm3user0000000000000000003";

/** A comment as the API shows it. */
export const exampleComment = {
  id: "cm3comment000000000000001",
  snapId: exampleSnap.id,
  cardId: exampleCard.id,
  parentId: null,
  body: `<@${CAROL}> can you check the dates?`,
  mentions: [{ userId: CAROL, name: "Carol" }],
  author: AUTHOR,
  actor: { type: "user", userId: AUTHOR.id, name: AUTHOR.name, apiKeyId: null, apiKeyName: null },
  createdAt: "2026-11-27T09:30:12.345Z",
  updatedAt: "2026-11-27T09:30:12.345Z",
  editedAt: null,
  resolvedAt: null,
  resolvedBy: null,
  deleted: false,
  replyCount: 0,
};

export const exampleNotification = {
  id: "cm3notification0000000001",
  type: "mention",
  createdAt: "2026-11-27T09:30:12.345Z",
  readAt: null,
  snap: { id: exampleSnap.id, title: exampleSnap.title },
  cardId: exampleCard.id,
  comment: { id: exampleComment.id, excerpt: "@Carol can you check the dates?" },
  actor: { type: "user", userId: AUTHOR.id, name: AUTHOR.name },
};

export const exampleAccount = {
  user: { id: AUTHOR.id, email: "alice@example.com", name: "Alice", emailNotifications: "immediately" },
  emailNotifications: "immediately",
  emailEnabled: true,
};
