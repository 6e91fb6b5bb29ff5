/**
 * Example bodies for the OpenAPI document and the /docs page. tests/api/openapi.test.ts checks
 * that each one is valid against the schema it illustrates.
 */
import { CARD_DEFAULTS } from "@/lib/board-model/card-fields";

const SNAP_ID = "cm3k9x2f70001qz8r5t1v2w3y";
const CARD_IDS = ["cm3k9x2f70002qz8rb6c7d8e9", "cm3k9x2f70003qz8rf0g1h2i3", "cm3k9x2f70004qz8rj4k5l6m7"] as const;
const USER_ID = "cm3k9w1a20000qz8r0a1b2c3d";
const FOLDER_ID = "cm3k9x0b40000qz8rn8o9p0q1";
const NEW_CARD_ID = "cm3k9x4d60006qz8rv6w7x8y9";
const LINE_ID = "cm3k9x3c50005qz8rr2s3t4u5";
const CREATED = "2026-11-20T09:15:02.118Z";
const UPDATED = "2026-11-21T16:40:55.903Z";

/** A card's fields as a new card has them, but the title each example gives (the transfer examples use them too). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the title is left out
const { title, ...cardDefaults } = CARD_DEFAULTS;
export { cardDefaults };

/** A card answer's fields beyond a document card's: its attachments (none, unless an example gives some). */
const cardAnswerDefaults = { ...cardDefaults, attachments: [] as { id: string; name: string; contentType: string; size: number }[] };
const exampleAttachment = { id: "cm3k9x5e70007qz8rz0a1b2c3", name: "review-notes.pdf", contentType: "application/pdf", size: 48213 };

export const exampleCard = {
  ...cardAnswerDefaults,
  id: CARD_IDS[0],
  snapId: SNAP_ID,
  title: "Design review",
  row: 0,
  col: 0,
  color: "#fde68a",
  attachments: [exampleAttachment],
};
export const exampleTodoCard = { ...cardAnswerDefaults, id: CARD_IDS[2], snapId: SNAP_ID, title: "Write tests", row: 1, col: 0, cellType: "todo" };
const exampleCards = [exampleCard, { ...cardAnswerDefaults, id: CARD_IDS[1], snapId: SNAP_ID, title: "Ship", row: 0, col: 1 }, exampleTodoCard];

export const exampleLine = { id: LINE_ID, snapId: SNAP_ID, fromCardId: CARD_IDS[0], toCardId: CARD_IDS[1], color: "#64748b", style: "solid", arrow: "end" };
export const exampleFolder = { id: FOLDER_ID, name: "Roadmaps", userId: USER_ID, createdAt: CREATED, updatedAt: CREATED };

const snapFields = {
  id: SNAP_ID,
  title: "Sprint 42",
  subtitle: "Team board",
  icon: "🚀",
  userId: USER_ID,
  createdAt: CREATED,
  updatedAt: UPDATED,
  fontFamily: "Inter",
  canvasBackgroundColor: "#f8fafc",
  folderId: FOLDER_ID,
  isPublic: false,
  shareMode: "view",
  shareToken: null,
  sharedWithWorkspace: true,
  cellSpacing: 8,
  rowHeights: { "0": 120 },
  colWidths: {},
  version: 7,
  folder: { id: FOLDER_ID, name: "Roadmaps" },
};

export const exampleSnap = { ...snapFields, cards: exampleCards, lines: [exampleLine] };

const listCard = ({ id, row, col, rowSpan, colSpan, color, cellOpacity, borderRadius, borderSize }: (typeof exampleCards)[number]) => ({
  id,
  row,
  col,
  rowSpan,
  colSpan,
  color,
  cellOpacity,
  borderRadius,
  borderSize,
});

export const examples = {
  snapCreate: { title: "Sprint 42", subtitle: "Team board", icon: "🚀", rows: 2, cols: 3 },
  snapUpdate: { title: "Sprint 42 (done)", folderId: FOLDER_ID, rowHeights: { "0": 120 }, sharedWithWorkspace: true, shareMode: "edit" },
  cardCreate: { row: 1, col: 0, title: "Write tests", cellType: "todo", completed: false },
  cardUpdate: { col: 2, completed: true },
  cardBatchCreate: { cards: [{ snapId: SNAP_ID, row: 2, col: 0, title: "Write tests", cellType: "todo", completed: false }] },
  cardBatchUpdate: {
    updates: [
      { id: CARD_IDS[0], title: "Design", color: "#fde68a" },
      { id: CARD_IDS[1], bold: true },
    ],
  },
  snapChanges: {
    create: [{ row: 2, col: 0, title: "Retro", cellType: "todo" }],
    update: [
      { id: CARD_IDS[0], col: 1 },
      { id: CARD_IDS[1], col: 0 },
    ],
    delete: [CARD_IDS[2]],
    lines: { create: [{ from: 0, to: CARD_IDS[0], style: "dashed" }] },
    snap: { rowHeights: { "1": 80 } },
    baseVersion: 7,
  },
  rangeWrite: {
    row: 1,
    col: 0,
    values: [
      ["Design review", "Ship", null],
      ["Write tests", "Retro", "Demo"],
    ],
  },
  lineCreate: { fromCardId: CARD_IDS[0], toCardId: CARD_IDS[1], style: "dashed", arrow: "end" },
  lineUpdate: { color: "#ef4444", arrow: "both" },
  folderCreate: { name: "Roadmaps" },
  apiKeyCreate: { name: "Deploy script", access: "read" },
  signUp: { email: "new.user@example.com", password: "correct-horse-42", name: "New user" },
  memberAdd: { email: "invitee@example.com", role: "member" },
  memberRole: { role: "admin" },
  mcpRequest: {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "create_snap", arguments: { title: "Sprint 42", rows: 2, cols: 3 } },
  },

  snapResponse: { snap: exampleSnap },
  snapListResponse: { snaps: [{ ...snapFields, cards: exampleCards.map(listCard) }] },
  workspaceSnapsResponse: {
    snaps: [
      {
        id: SNAP_ID,
        title: "Sprint 42",
        subtitle: "Team board",
        icon: "🚀",
        isPublic: false,
        shareToken: null,
        shareMode: "view",
        folder: { id: FOLDER_ID, name: "Roadmaps" },
        cellCount: 3,
        previewCells: exampleCards.map(({ row, col, title, cellType }) => ({ position: { row, col }, title, type: cellType })),
        createdAt: CREATED,
        updatedAt: UPDATED,
      },
    ],
    pagination: { total: 1, limit: 50, offset: 0, hasMore: false },
  },
  cardResponse: { card: exampleCard },
  cardsResponse: { cards: [exampleTodoCard] },
  snapChangesResponse: {
    version: 8,
    created: [{ ...cardAnswerDefaults, id: NEW_CARD_ID, snapId: SNAP_ID, title: "Retro", row: 2, col: 0, cellType: "todo" }],
    updated: [
      { ...exampleCard, col: 1 },
      { ...exampleCards[1], col: 0 },
    ],
    deleted: [CARD_IDS[2]],
    overwritten: [],
    missing: [],
    lines: {
      created: [{ ...exampleLine, id: LINE_ID, fromCardId: NEW_CARD_ID, toCardId: CARD_IDS[0], style: "dashed" as const }],
      updated: [],
      deleted: [],
    },
    snap: { ...snapFields, rowHeights: { "0": 120, "1": 80 }, version: 8 },
  },
  rangeWriteResponse: {
    version: 9,
    created: [{ ...cardAnswerDefaults, id: NEW_CARD_ID, snapId: SNAP_ID, title: "Demo", row: 2, col: 2 }],
    updated: [{ ...cardAnswerDefaults, id: CARD_IDS[1], snapId: SNAP_ID, title: "Retro", row: 2, col: 1 }],
    deleted: [],
    overwritten: [],
    missing: [],
  },
  rangeResponse: {
    values: [
      ["Design review", "Ship", null],
      ["Write tests", "Retro", "Demo"],
    ],
  },
  lineResponse: { line: exampleLine },
  folderResponse: { folder: exampleFolder },
  foldersResponse: { folders: [exampleFolder] },
  success: { success: true },
  apiKeysResponse: {
    apiKeys: [
      { id: "cm3k9y7d60006qz8rv6w7x8y9", name: "Deploy script", prefix: "service_sk_Xq3vT9bLm", access: "full", createdAt: CREATED, lastUsedAt: UPDATED },
    ],
  },
  createdApiKeyResponse: {
    apiKey: {
      id: "cm3k9y7d60006qz8rv6w7x8y9",
      name: "Deploy script",
      prefix: "service_sk_Xq3vT9bLm",
      access: "read",
      createdAt: CREATED,
      lastUsedAt: null,
      key: "service_sk_Xq3vT9bLmR2pK8sW4nY6hJ1cF5gD0aZ7eU3iO9tQ2xV8bN4m",
    },
  },
  userResponse: { user: { id: USER_ID, email: "new.user@example.com", name: "New user" } },
  health: { status: "ok", version: "0.1.0", database: "reachable" },
  membersResponse: {
    workspace: { id: "cm3k9w1a20009qz8rz9y8x7w6", name: "Ada's workspace" },
    members: [{ id: USER_ID, email: "ada@example.com", name: "Ada", role: "admin", joinedAt: CREATED }],
  },
  memberResponse: { member: { id: "cm3k9w1a2000aqz8rq1w2e3r4", email: "invitee@example.com", name: "Invitee", role: "member", joinedAt: UPDATED } },
  invitationResponse: {
    invitation: { id: "cm3k9w1a2000bqz8rinv1te01", email: "invitee@example.com", role: "member", expiresAt: "2026-12-11T09:30:00.000Z" },
  },
  workspaceInvitationsResponse: {
    invitations: [
      {
        id: "cm3k9w1a2000bqz8rinv1te01",
        email: "invitee@example.com",
        role: "member",
        expiresAt: "2026-12-11T09:30:00.000Z",
        createdAt: "2026-11-27T09:30:00.000Z",
        invitedBy: { id: USER_ID, name: "Ada", email: "ada@example.com" },
      },
    ],
  },
  ownInvitationsResponse: {
    invitations: [
      {
        kind: "board",
        id: "cm3k9w1a2000cqz8rinv2te02",
        role: "commenter",
        createdAt: "2026-11-27T10:00:00.000Z",
        expiresAt: "2026-12-11T10:00:00.000Z",
        snap: { id: SNAP_ID, title: "Sprint 42" },
        workspace: { id: "cm3k9w1a20009qz8rz9y8x7w6", name: "Ada's workspace" },
        invitedBy: { name: "Ada", email: "ada@example.com" },
      },
      {
        kind: "workspace",
        id: "cm3k9w1a2000bqz8rinv1te01",
        role: "member",
        createdAt: "2026-11-27T09:30:00.000Z",
        expiresAt: "2026-12-11T09:30:00.000Z",
        workspace: { id: "cm3k9w1a20009qz8rz9y8x7w6", name: "Ada's workspace" },
        invitedBy: { name: "Ada", email: "ada@example.com" },
      },
    ],
  },
  acceptedInvitation: { kind: "workspace", workspace: { id: "cm3k9w1a20009qz8rz9y8x7w6", name: "Ada's workspace" }, role: "member" },
  mcpResponse: {
    jsonrpc: "2.0",
    id: 1,
    result: { content: [{ type: "text", text: '{"snap":{"id":"…"}}' }], structuredContent: { snap: { id: SNAP_ID } } },
  },
  error: {
    error: {
      code: "BAD_REQUEST",
      message: "Invalid body: cards.0.row Must be at most 999",
      details: [{ path: "cards.0.row", message: "Must be at most 999" }],
    },
  },
} as const;
