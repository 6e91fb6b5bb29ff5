import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { OPERATIONS } from "@/lib/operations/registry";
import type { AnyOperation } from "@/lib/operations/operation";
import { api, baseUrl, createKey, signUp, uniqueEmail, TEST_PASSWORD, type Caller } from "./helpers";
import { createTeam, sql, type Team, type TeamMember } from "./fixtures";
import { callerOf, countCards, expectError, insertSnap, newId, storedCards, type SnapFixture } from "./card-fixtures";
import { rawAgent, rawRequest } from "./raw-http";

/**
 * OWASP API1/API2/API3 as one generated test: every operation of the OpenAPI registry × every
 * kind of caller × both ways to authenticate, each cell asserting the exact status. Expectations
 * come from the permission table of docs/API.md (written out once below), not from the implementation.
 */

type WorkspaceWho = "none" | "malformed" | "revoked" | "outsider" | "memberView" | "memberEdit" | "admin" | "owner";
/**
 * Board members of a private snap (docs/API.md, "Board members"): the workspace's plain member as a
 * viewer, commenter or editor; the outsider as a guest editor; the plain member as an editor removed
 * through the API just before the call.
 */
type BoardWho = "viewer" | "commenter" | "editor" | "guest" | "removed";
type Who = WorkspaceWho | BoardWho;
/** `readKey`: a read-only API key of the same caller (GET and the event stream only). */
type Via = "key" | "cookie" | "readKey";
const WORKSPACE_WHO: Who[] = ["none", "malformed", "revoked", "outsider", "memberView", "memberEdit", "admin", "owner"];
export const BOARD_WHO: Who[] = ["viewer", "commenter", "editor", "guest", "removed"];

/** What an operation needs of its caller. */
type Need =
  | "public" // anyone, signed in or not
  | "signedIn" // any signed-in caller, acting on their own data or workspace
  | "read" // read the snap
  | "comment" // comment on the snap and resolve threads
  | "edit" // edit cards and snap fields
  | "manage" // delete the snap, change sharing
  | "folder" // the folder's creator or a workspace admin
  | "addMember" // an admin, into their own workspace
  | "adminOfMember" // an admin of the member's workspace
  | "ownKey" // the key's own user
  | "invitee" // the holder of the invited email (anyone else: 404, as if it did not exist)
  | "ownConnectedApp" // the user who allowed the app
  | "ownWebhook" // the webhook's own user (anyone else: 404, as if it did not exist)
  | "ownImportJob" // the import job's uploader (anyone else: 404, as if it did not exist)
  | "templateCreator" // a workspace template's creator or an admin of its workspace
  | "commentAuthor" // a comment's author alone (the owner wrote it; anyone else: 403)
  | "commentDeleter" // a comment's author, the snap's owner or a workspace admin
  | "workspaceAdmin" // an admin of the caller's own workspace
  | "adminOfGuest" // an admin of the workspace whose snap the guest is on
  | "mcpSession" // the 2025 MCP session the owner's key opened: its credential alone (anyone else: 404)
  | "fileRead" // read the file's snap (anyone else: 404, as if it did not exist)
  | "fileEdit"; // edit the file's snap (who may not read it: 404)

/** "ok" is the operation's success status. Callers without valid credentials are 401 unless public. */
const OK = "ok" as const;
type Expected = typeof OK | 401 | 403 | 404;
const PERMISSIONS: Record<Exclude<Need, "public">, Record<"outsider" | "memberView" | "memberEdit" | "admin" | "owner", Expected>> = {
  signedIn: { outsider: OK, memberView: OK, memberEdit: OK, admin: OK, owner: OK },
  read: { outsider: 403, memberView: OK, memberEdit: OK, admin: OK, owner: OK },
  // shareMode `view` reads only; `comment` (not a row here) and `edit` comment too.
  comment: { outsider: 403, memberView: 403, memberEdit: OK, admin: OK, owner: OK },
  edit: { outsider: 403, memberView: 403, memberEdit: OK, admin: OK, owner: OK },
  manage: { outsider: 403, memberView: 403, memberEdit: 403, admin: OK, owner: OK },
  folder: { outsider: 403, memberView: 403, memberEdit: 403, admin: OK, owner: OK },
  // The outsider is the admin of their own (personal) workspace.
  addMember: { outsider: OK, memberView: 403, memberEdit: 403, admin: OK, owner: 403 },
  adminOfMember: { outsider: 404, memberView: 403, memberEdit: 403, admin: OK, owner: 403 },
  ownKey: { outsider: 404, memberView: 404, memberEdit: 404, admin: 404, owner: OK },
  invitee: { outsider: 404, memberView: 404, memberEdit: 404, admin: 404, owner: OK },
  ownConnectedApp: { outsider: 404, memberView: 404, memberEdit: 404, admin: 404, owner: OK },
  ownWebhook: { outsider: 404, memberView: 404, memberEdit: 404, admin: 404, owner: OK },
  ownImportJob: { outsider: 404, memberView: 404, memberEdit: 404, admin: 404, owner: OK },
  mcpSession: { outsider: 404, memberView: 404, memberEdit: 404, admin: 404, owner: OK },
  fileRead: { outsider: 404, memberView: OK, memberEdit: OK, admin: OK, owner: OK },
  fileEdit: { outsider: 404, memberView: 403, memberEdit: OK, admin: OK, owner: OK },
  // The owner made the template; the outsider's workspace has no such template.
  templateCreator: { outsider: 404, memberView: 403, memberEdit: 403, admin: OK, owner: OK },
  // The owner wrote the comment; no one else may put words in their name, not even an admin.
  commentAuthor: { outsider: 403, memberView: 403, memberEdit: 403, admin: 403, owner: OK },
  // The author is the snap's owner; an admin manages the shared snap; a member who may edit it may not.
  commentDeleter: { outsider: 403, memberView: 403, memberEdit: 403, admin: OK, owner: OK },
  // The outsider is the admin of their own workspace, and reads its log.
  workspaceAdmin: { outsider: OK, memberView: 403, memberEdit: 403, admin: OK, owner: 403 },
  // The guest is on a snap of the team's workspace: the outsider's own workspace has no such guest.
  adminOfGuest: { outsider: 404, memberView: 403, memberEdit: 403, admin: OK, owner: 403 },
};

/**
 * The board members' rows. The viewer, commenter, editor and removed member are the team's plain
 * member (a member of the workspace, the snap private); the guest is the outsider (admin of their own
 * workspace) as an editor: a role gives a snap's rights and nothing of its workspace.
 */
const BOARD_PERMISSIONS: Record<Exclude<Need, "public">, Record<BoardWho, Expected>> = {
  signedIn: { viewer: OK, commenter: OK, editor: OK, guest: OK, removed: OK },
  read: { viewer: OK, commenter: OK, editor: OK, guest: OK, removed: 403 },
  comment: { viewer: 403, commenter: OK, editor: OK, guest: OK, removed: 403 },
  edit: { viewer: 403, commenter: 403, editor: OK, guest: OK, removed: 403 },
  // Sharing, members and deletion stay with the owner and the workspace's admins.
  manage: { viewer: 403, commenter: 403, editor: 403, guest: 403, removed: 403 },
  folder: { viewer: 403, commenter: 403, editor: 403, guest: 403, removed: 403 },
  addMember: { viewer: 403, commenter: 403, editor: 403, guest: OK, removed: 403 },
  adminOfMember: { viewer: 403, commenter: 403, editor: 403, guest: 404, removed: 403 },
  ownKey: { viewer: 404, commenter: 404, editor: 404, guest: 404, removed: 404 },
  invitee: { viewer: 404, commenter: 404, editor: 404, guest: 404, removed: 404 },
  ownConnectedApp: { viewer: 404, commenter: 404, editor: 404, guest: 404, removed: 404 },
  ownWebhook: { viewer: 404, commenter: 404, editor: 404, guest: 404, removed: 404 },
  ownImportJob: { viewer: 404, commenter: 404, editor: 404, guest: 404, removed: 404 },
  templateCreator: { viewer: 403, commenter: 403, editor: 403, guest: 404, removed: 403 },
  commentAuthor: { viewer: 403, commenter: 403, editor: 403, guest: 403, removed: 403 },
  commentDeleter: { viewer: 403, commenter: 403, editor: 403, guest: 403, removed: 403 },
  workspaceAdmin: { viewer: 403, commenter: 403, editor: 403, guest: OK, removed: 403 },
  adminOfGuest: { viewer: 403, commenter: 403, editor: 403, guest: 404, removed: 403 },
  mcpSession: { viewer: 404, commenter: 404, editor: 404, guest: 404, removed: 404 },
  // A file of a snap the caller cannot read does not exist for them (404).
  fileRead: { viewer: OK, commenter: OK, editor: OK, guest: OK, removed: 404 },
  fileEdit: { viewer: 403, commenter: 403, editor: OK, guest: OK, removed: 404 },
};

/** Per operation: what it needs. An operation added to the registry must get a row here. */
const NEEDS: Record<string, Need> = {
  listOwnSnaps: "signedIn",
  createSnap: "signedIn",
  getSnap: "read",
  updateSnap: "edit",
  deleteSnap: "manage",
  listWorkspaceSnaps: "signedIn",
  createCard: "edit",
  getCard: "read",
  updateCard: "edit",
  deleteCard: "edit",
  createCards: "edit",
  updateCards: "edit",
  applySnapChanges: "edit",
  writeRange: "edit",
  readRange: "read",
  createLine: "edit",
  updateLine: "edit",
  deleteLine: "edit",
  listFolders: "signedIn",
  createFolder: "signedIn",
  renameFolder: "folder",
  deleteFolder: "folder",
  listWorkspaceMembers: "signedIn",
  addWorkspaceMember: "addMember",
  changeMemberRole: "adminOfMember",
  removeWorkspaceMember: "adminOfMember",
  listWorkspaceInvitations: "workspaceAdmin",
  revokeWorkspaceInvitation: "adminOfMember",
  listOwnInvitations: "signedIn",
  acceptInvitation: "invitee",
  declineInvitation: "invitee",
  listApiKeys: "signedIn",
  createApiKey: "signedIn",
  revokeApiKey: "ownKey",
  listConnectedApps: "signedIn",
  revokeConnectedApp: "ownConnectedApp",
  signUp: "public",
  mcp: "signedIn",
  mcpNotificationStream: "mcpSession",
  // An unknown session is ignored: any key may end the sessions it names.
  mcpEndSession: "signedIn",
  health: "public",
  getOpenApiDocument: "public",
  streamSnapEvents: "read",
  setPresence: "read",
  listAuditLog: "workspaceAdmin",
  signOutEverywhere: "signedIn",
  changePassword: "signedIn",
  exportSnap: "read",
  importSnap: "signedIn",
  importSnapArchive: "signedIn",
  importSnapCsv: "signedIn",
  importSnapTrello: "signedIn",
  importSnapXlsx: "signedIn",
  getImportJob: "ownImportJob",
  duplicateSnap: "read",
  listTemplates: "signedIn",
  createTemplate: "edit",
  deleteTemplate: "templateCreator",
  getSnapHistory: "read",
  getSnapVersion: "read",
  restoreSnapVersion: "edit",
  listWebhooks: "signedIn",
  createWebhook: "signedIn",
  getWebhook: "ownWebhook",
  updateWebhook: "ownWebhook",
  deleteWebhook: "ownWebhook",
  rotateWebhookSecret: "ownWebhook",
  listWebhookDeliveries: "ownWebhook",
  retryWebhookDelivery: "ownWebhook",
  sendWebhookTest: "ownWebhook",
  listEvents: "signedIn",
  // Over what the caller can read: the outsider searches their own workspace.
  search: "signedIn",
  // Whoever may comment (not a viewer) comments and resolves (a read-only key: 403, as every write).
  listComments: "read",
  uploadFile: "edit",
  listSnapFiles: "read",
  readFile: "fileRead",
  deleteFile: "fileEdit",
  createComment: "comment",
  updateComment: "commentAuthor",
  deleteComment: "commentDeleter",
  resolveComment: "comment",
  // A board's people: any reader lists them; the owner and admins manage them.
  listSnapMembers: "read",
  inviteSnapMember: "manage",
  changeSnapMemberRole: "manage",
  removeSnapMember: "manage",
  revokeSnapInvitation: "manage",
  listSharedWithMe: "signedIn",
  listWorkspaceGuests: "workspaceAdmin",
  removeWorkspaceGuest: "adminOfGuest",
  // The caller's own inbox and account.
  listNotifications: "signedIn",
  markNotificationsRead: "signedIn",
  streamNotifications: "signedIn",
  getAccount: "signedIn",
  updateAccount: "signedIn",
  // The signed link of an email, without signing in.
  unsubscribeEmail: "public",
};

/** Operations that end the caller's sessions: a cookie caller is a fresh user, so the team's sessions live on. */
const ENDS_SESSIONS = new Set(["signOutEverywhere", "changePassword"]);

/** Operations that a read-only key may not use even with GET (the audit log: a full key or a session). */
const FULL_ACCESS_READS = new Set(["listAuditLog"]);
const READ_ONLY_MESSAGE = "This API key is read-only";

/** The expected status of one cell. */
function expectedStatus(op: AnyOperation, who: Who, via: Via): number {
  const need = NEEDS[op.operationId]!;
  if (need === "public") return op.success.status;
  if (who === "none" || who === "malformed" || who === "revoked") return 401;
  if (op.access === "key" && via === "cookie") return 401; // MCP does not even look at a cookie
  if (op.access === "session" && via !== "cookie") return 403; // keys never manage keys
  if (via === "readKey" && op.method !== "get" && !op.readKeyWrites) return 403;
  if (via === "readKey" && NEEDS[op.operationId] === "mcpSession") return 404; // another credential than the session's
  if (via === "readKey" && FULL_ACCESS_READS.has(op.operationId)) return 403;
  const expected = BOARD_WHO.includes(who) ? BOARD_PERMISSIONS[need][who as BoardWho] : PERMISSIONS[need][who as "owner"];
  return expected === OK ? op.success.status : expected;
}

const CODES: Record<number, string> = { 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND" };

/** Every cell: operation × how the caller authenticates × who the caller is. */
function allCells(rows: readonly Who[], vias: readonly Via[]) {
  return OPERATIONS.flatMap((op) =>
    vias.flatMap((via) =>
      rows
        .filter((who) => !(via === "cookie" && who === "revoked")) // only keys are revoked; a bad cookie is "malformed"
        .filter((who) => !(via === "readKey" && ["none", "malformed", "revoked"].includes(who))) // covered by "key"
        .map((who) => [`${op.method.toUpperCase()} ${op.path} · ${who} · ${via}`, { op, who, via }] as const),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
/**
 * The matrix for the cells `part` of every `parts` (index modulo parts), with a team of its own; the
 * checks that are not cells run in part 0. What every part's answers must not hold is checked in each.
 */
export function authorizationMatrix({
  part,
  parts,
  rows = WORKSPACE_WHO,
  vias = ["key", "cookie", "readKey"],
}: {
  part: number;
  parts: number;
  /** The callers: the workspace's rows (the three matrix files), or the board members' (their own file). */
  rows?: readonly Who[];
  /** A read-only key is the same for every row: the board members' file leaves it to the others. */
  vias?: readonly Via[];
}): void {
  const extraChecks = part === 0 && rows === WORKSPACE_WHO;
  let team: Team;
  let revokedKey: string;
  /** A read-only key of each team member. */
  const readKeys = new Map<string, string>();
  let foreignSnap: SnapFixture;
  const responses: { op: string; who: Who; text: string }[] = [];

  beforeAll(async () => {
    team = await createTeam();
    revokedKey = await createKey(team.owner, "to revoke");
    await sql().query(`UPDATE "ApiKey" SET "revokedAt" = now() WHERE "userId" = $1 AND name = 'to revoke'`, [team.owner.id]);
    foreignSnap = await insertSnap(team.outsider, { cards: 2 });
    for (const member of [team.owner, team.admin, team.member, team.outsider]) {
      const created = await api("POST", "/api/keys", { cookie: member.cookie, body: { name: "read-only", access: "read" } });
      expect(created.body.apiKey.access).toBe("read");
      readKeys.set(member.id, created.body.apiKey.key);
    }
  });

  afterAll(() => rawAgent.destroy());

  function memberOf(who: Who): TeamMember | undefined {
    const byWho: Partial<Record<Who, TeamMember>> = {
      outsider: team.outsider,
      memberView: team.member,
      memberEdit: team.member,
      admin: team.admin,
      owner: team.owner,
      viewer: team.member,
      commenter: team.member,
      editor: team.member,
      guest: team.outsider,
      removed: team.member,
    };
    return byWho[who];
  }

  /** Headers of a caller; a cookie caller also sends this app's Origin, as the browser does. */
  function headersOf(who: Who, via: Via): Record<string, string> {
    if (who === "none") return {};
    if (who === "malformed")
      return via === "key" ? { authorization: "Bearer service_sk_not-a-key" } : { cookie: "authjs.session-token=not-a-token", origin: baseUrl };
    if (who === "revoked") return { authorization: `Bearer ${revokedKey}` };
    const member = memberOf(who)!;
    if (via === "readKey") return { authorization: `Bearer ${readKeys.get(member.id)!}` };
    return via === "key" ? { authorization: `Bearer ${member.key}` } : { cookie: member.cookie, origin: baseUrl };
  }

  /** The snap a caller acts on: the permission table's rows are about how the snap is shared with them. */
  function snapOptionsFor(who: Who) {
    if (who === "memberEdit") return { sharedWithWorkspace: true, shareMode: "edit" as const };
    if (who === "owner" || BOARD_WHO.includes(who)) return {};
    return { sharedWithWorkspace: true, shareMode: "view" as const };
  }

  /** A user in no one's workspace but their own, made with SQL (no sign-up, no bcrypt). */
  async function insertLoneUser(): Promise<{ id: string; email: string }> {
    const user = { id: newId(), email: uniqueEmail("lone") };
    const workspaceId = newId();
    await sql().query(`INSERT INTO "User" (id, email, "passwordHash", "updatedAt") VALUES ($1, $2, 'x', now())`, [user.id, user.email]);
    await sql().query(`INSERT INTO "Workspace" (id, name) VALUES ($1, 'lone')`, [workspaceId]);
    await sql().query(`INSERT INTO "Membership" ("userId", "workspaceId", role) VALUES ($1, $2, 'admin')`, [user.id, workspaceId]);
    return user;
  }

  /** A pending invitation (one per workspace and email: a cell whose invitation was used up gets a new one). */
  async function insertInvitation(workspaceId: string, email: string): Promise<string> {
    const { rows } = await sql().query(
      `INSERT INTO "WorkspaceInvitation" (id, "workspaceId", email, role, "invitedById", "expiresAt")
       VALUES ($1, $2, $3, 'member', $4, now() + interval '14 days')
       ON CONFLICT ("workspaceId", email) DO UPDATE SET "expiresAt" = EXCLUDED."expiresAt"
       RETURNING id`,
      [newId(), workspaceId, email, team.admin.id],
    );
    return rows[0].id;
  }

  interface Arranged {
    path: string;
    body?: unknown;
    /** A body that is not JSON (a .snap.zip), sent as it is with `headers`' content type. */
    rawBody?: Buffer;
    headers?: Record<string, string>;
    /** Signs up a fresh user whose session cookie is sent instead of the member's own. */
    freshCookie?: () => Promise<string>;
  }

  /** A root comment the snap's owner wrote on its first card. */
  async function insertComment(snapId: string, cardId: string): Promise<string> {
    const id = newId();
    await sql().query(`INSERT INTO "Comment" (id, "snapId", "cardId", "authorId", body) VALUES ($1, $2, $3, $4, 'matrix comment')`, [
      id,
      snapId,
      cardId,
      team.owner.id,
    ]);
    return id;
  }

  /** The server's own unsubscribe token for a user: this process reads its configuration with the server's secret. */
  async function unsubscribeToken(userId: string): Promise<string> {
    process.env.AUTH_SECRET = inject("authSecret");
    (await import("@/lib/config")).reloadConfig();
    const { createUnsubscribeToken } = await import("@/lib/email/unsubscribe-token");
    return createUnsubscribeToken(userId);
  }

  /** A board member row, as accepting an invitation makes one. */
  async function insertSnapMember(snapId: string, userId: string, role: "viewer" | "commenter" | "editor"): Promise<void> {
    await sql().query(`INSERT INTO "SnapMember" ("snapId", "userId", role, "addedById") VALUES ($1, $2, $3, $4)`, [snapId, userId, role, team.owner.id]);
  }

  /** The board member rows' membership of the cell's snap; the removed member is removed through the API. */
  async function joinAsBoardMember(snapId: string, who: Who): Promise<void> {
    if (!BOARD_WHO.includes(who)) return;
    const role = who === "viewer" ? "viewer" : who === "commenter" ? "commenter" : "editor";
    const user = memberOf(who)!;
    await insertSnapMember(snapId, user.id, role);
    if (who !== "removed") return;
    const removed = await api("DELETE", `/api/snaps/${snapId}/members/${user.id}`, { key: team.owner.key });
    expect(removed.status).toBe(200);
  }

  /** A pending invitation to a snap. */
  async function insertSnapInvitation(snapId: string): Promise<string> {
    const id = newId();
    await sql().query(
      `INSERT INTO "SnapInvitation" (id, "snapId", email, role, "invitedById", "expiresAt") VALUES ($1, $2, $3, 'viewer', $4, now() + interval '14 days')`,
      [id, snapId, uniqueEmail("snap-invited"), team.owner.id],
    );
    return id;
  }

  /** Fresh rows for one cell, so a cell that deletes or changes something affects only itself. */
  async function arrange(op: AnyOperation, who: Who): Promise<Arranged> {
    const snap = await insertSnap(team.owner, { cards: 2, ...snapOptionsFor(who) });
    await joinAsBoardMember(snap.id, who);
    const [card0, card1] = snap.cardIds as [string, string];
    const lineId = newId();
    await sql().query(`INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId") VALUES ($1, $2, $3, $4)`, [lineId, snap.id, card0, card1]);
    switch (op.operationId) {
      case "createSnap":
        return { path: "/api/snaps", body: { title: "matrix", rows: 1, cols: 1 } };
      case "getSnap":
      case "deleteSnap":
        return { path: `/api/snaps/${snap.id}` };
      case "updateSnap":
        return { path: `/api/snaps/${snap.id}`, body: { title: "changed by the matrix" } };
      case "createCard":
        return { path: `/api/snaps/cards/${snap.id}`, body: { row: 3, col: 3 } };
      case "getCard":
      case "deleteCard":
        return { path: `/api/snaps/cards/${card0}` };
      case "updateCard":
        return { path: `/api/snaps/cards/${card0}`, body: { title: "changed" } };
      case "createCards":
        return { path: "/api/snaps/cards/batch", body: { cards: [{ snapId: snap.id, row: 4, col: 0 }] } };
      case "updateCards":
        return {
          path: "/api/snaps/cards/batch",
          body: {
            updates: [
              { id: card0, title: "a" },
              { id: card1, title: "b" },
            ],
          },
        };
      case "applySnapChanges":
        // Cards, lines (one to a card the change creates) and a snap field: one change, one right (edit).
        return {
          path: `/api/snaps/${snap.id}/changes`,
          body: {
            update: [{ id: card0, title: "a" }],
            delete: [card1],
            create: [{ row: 4, col: 0 }],
            lines: { create: [{ from: 0, to: card0 }], delete: [lineId] },
            snap: { title: "changed by the matrix" },
          },
        };
      case "writeRange":
        return { path: `/api/snaps/${snap.id}/range`, body: { row: 0, col: 0, values: [["a", null, "c"]] } };
      case "readRange":
        return { path: `/api/snaps/${snap.id}/range?row=0&col=0&rows=2&cols=3` };
      case "createLine":
        return { path: `/api/snaps/${snap.id}/lines`, body: { fromCardId: card1, toCardId: card0 } };
      case "updateLine":
        return { path: `/api/lines/${lineId}`, body: { style: "dashed" } };
      case "deleteLine":
        return { path: `/api/lines/${lineId}` };
      case "createFolder":
        return { path: "/api/folders", body: { name: "matrix" } };
      case "renameFolder":
      case "deleteFolder": {
        const folderId = newId();
        await sql().query(`INSERT INTO "Folder" (id, "workspaceId", "userId", name, "updatedAt") VALUES ($1, $2, $3, 'matrix', now())`, [
          folderId,
          team.workspaceId,
          team.owner.id,
        ]);
        return { path: `/api/folders/${folderId}`, body: op.operationId === "renameFolder" ? { name: "renamed" } : undefined };
      }
      case "addWorkspaceMember":
        return { path: "/api/workspace/members", body: { email: (await insertLoneUser()).email, role: "member" } };
      case "listWorkspaceInvitations":
        return { path: "/api/workspace/invitations" };
      case "listOwnInvitations":
        return { path: "/api/invitations" };
      case "revokeWorkspaceInvitation":
        return { path: `/api/workspace/invitations/${await insertInvitation(team.workspaceId, uniqueEmail("invited"))}` };
      case "acceptInvitation":
      case "declineInvitation": {
        // Into the workspace the owner is already in: accepting uses it up without moving anyone.
        const id = await insertInvitation(team.workspaceId, team.owner.email);
        return { path: `/api/invitations/${id}/${op.operationId === "acceptInvitation" ? "accept" : "decline"}` };
      }
      case "changeMemberRole":
      case "removeWorkspaceMember": {
        const user = await insertLoneUser();
        await sql().query(`UPDATE "Membership" SET "workspaceId" = $1, role = 'member' WHERE "userId" = $2`, [team.workspaceId, user.id]);
        return { path: `/api/workspace/members/${user.id}`, body: op.operationId === "changeMemberRole" ? { role: "admin" } : undefined };
      }
      case "createApiKey":
        return { path: "/api/keys", body: { name: "matrix" } };
      case "revokeApiKey": {
        // A row, not a real key: only its id matters here, and real keys are capped at 10 a user.
        const keyId = newId();
        await sql().query(`INSERT INTO "ApiKey" (id, "userId", name, prefix, "keyHash") VALUES ($1, $2, 'matrix victim', 'service_sk_matrixvic', 'x')`, [
          keyId,
          team.owner.id,
        ]);
        return { path: `/api/keys/${keyId}` };
      }
      case "revokeConnectedApp": {
        // A grant the owner gave an app, in force (its code exchanged).
        const clientId = `service_client_${newId()}`;
        const grantId = newId();
        await sql().query(
          `INSERT INTO "OAuthClient" (id, name, "redirectUris", "authMethod") VALUES ($1, 'matrix app', ARRAY['http://127.0.0.1/cb'], 'none')`,
          [clientId],
        );
        await sql().query(
          `INSERT INTO "OAuthGrant" (id, "userId", "clientId", scopes, resource, "redirectUri", "codeUsedAt") VALUES ($1, $2, $3, 'read', 'http://x/api', 'http://127.0.0.1/cb', now())`,
          [grantId, team.owner.id, clientId],
        );
        return { path: `/api/account/connected-apps/${grantId}` };
      }
      case "signOutEverywhere":
        return { path: "/api/account/sign-out-everywhere", freshCookie: async () => (await signUp("matrix")).cookie };
      case "changePassword":
        return {
          path: "/api/account/password",
          body: { currentPassword: TEST_PASSWORD, newPassword: "another-horse-43" },
          freshCookie: async () => (await signUp("matrix")).cookie,
        };
      case "signUp":
        return { path: "/api/account", body: { email: uniqueEmail("matrix"), password: TEST_PASSWORD, name: "matrix" }, headers: { origin: baseUrl } };
      case "mcp":
        return {
          path: "/api/mcp",
          body: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
          headers: { accept: "application/json, text/event-stream" },
        };
      case "mcpNotificationStream": {
        // A 2025 client's session, opened by the owner's key: only that key may follow it.
        const initialize = await rawRequest(
          "POST",
          "/api/mcp",
          { authorization: `Bearer ${team.owner.key}`, accept: "application/json, text/event-stream", "content-type": "application/json" },
          JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "matrix", version: "1" } },
          }),
        );
        const sessionId = initialize.headers["mcp-session-id"];
        expect(sessionId, initialize.text.slice(0, 300)).toEqual(expect.any(String));
        return { path: "/api/mcp", headers: { accept: "text/event-stream", "mcp-session-id": String(sessionId) } };
      }
      case "mcpEndSession":
        return { path: "/api/mcp", headers: { "mcp-session-id": "no-such-session" } };
      case "importSnap": {
        const exported = await api("GET", `/api/snaps/${snap.id}/export`, { key: team.owner.key });
        expect(exported.status).toBe(200);
        return { path: "/api/snaps/import", body: exported.body };
      }
      case "importSnapArchive": {
        // The snap's own .snap.zip, as its exporter downloads it.
        const exported = await fetch(`${baseUrl}/api/snaps/${snap.id}/export?format=zip`, { headers: { authorization: `Bearer ${team.owner.key}` } });
        expect(exported.status).toBe(200);
        return { path: "/api/snaps/import/zip", rawBody: Buffer.from(await exported.arrayBuffer()), headers: { "content-type": "application/zip" } };
      }
      case "getImportJob": {
        // The owner's finished job of the snap under test (the queue's own run is tests/api/import-jobs.test.ts).
        const id = `c${randomBytes(12).toString("hex")}`;
        await sql().query(`INSERT INTO "ImportJob" (id, "userId", format, request, status, "snapId") VALUES ($1, $2, 'csv', '{}', 'done', $3)`, [
          id,
          team.owner.id,
          snap.id,
        ]);
        return { path: `/api/import-jobs/${id}` };
      }
      case "importSnapCsv":
        return { path: "/api/snaps/import/csv", rawBody: Buffer.from("Task,Owner\r\nShip,Ada\r\n"), headers: { "content-type": "text/csv" } };
      case "importSnapTrello":
        return { path: "/api/snaps/import/trello", body: JSON.parse(readFileSync(new URL("../fixtures/trello/launch-board.json", import.meta.url), "utf8")) };
      case "importSnapXlsx": {
        // The snap's own .xlsx, as its exporter downloads it.
        const exported = await fetch(`${baseUrl}/api/snaps/${snap.id}/export?format=xlsx`, { headers: { authorization: `Bearer ${team.owner.key}` } });
        expect(exported.status).toBe(200);
        return {
          path: "/api/snaps/import/xlsx",
          rawBody: Buffer.from(await exported.arrayBuffer()),
          headers: { "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
        };
      }
      case "duplicateSnap":
        return { path: `/api/snaps/${snap.id}/duplicate`, body: {} };
      case "createTemplate":
        return { path: "/api/templates", body: { snapId: snap.id, name: "matrix" } };
      case "deleteTemplate": {
        const created = await api("POST", "/api/templates", { key: team.owner.key, body: { snapId: snap.id, name: "matrix victim" } });
        expect(created.status).toBe(201);
        return { path: `/api/templates/${created.body.template.id}` };
      }
      case "getSnapVersion":
      case "restoreSnapVersion": {
        // A snap inserted by SQL has no history yet: one write gives it version 2, recorded whole.
        const written = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { title: "version 2" } });
        expect(written.status).toBe(200);
        return op.operationId === "getSnapVersion"
          ? { path: `/api/snaps/${snap.id}/versions/2` }
          : { path: `/api/snaps/${snap.id}/restore`, body: { version: 2 } };
      }
      case "createWebhook":
      case "getWebhook":
      case "updateWebhook":
      case "deleteWebhook":
      case "rotateWebhookSecret":
      case "listWebhookDeliveries":
      case "retryWebhookDelivery":
      case "sendWebhookTest": {
        // The owner's earlier cells' webhooks go first: a user may have at most 20.
        await sql().query(`DELETE FROM "Webhook" WHERE "userId" = $1`, [team.owner.id]);
        if (op.operationId === "createWebhook") return { path: "/api/webhooks", body: { url: "https://hooks.example.com/matrix" } };
        const created = await api("POST", "/api/webhooks", { key: team.owner.key, body: { url: "https://hooks.example.com/matrix" } });
        expect(created.status).toBe(201);
        const id: string = created.body.webhook.id;
        if (op.operationId === "updateWebhook") return { path: `/api/webhooks/${id}`, body: { enabled: false } };
        if (op.operationId === "retryWebhookDelivery") {
          const test = await api("POST", `/api/webhooks/${id}/test`, { key: team.owner.key });
          expect(test.status).toBe(202);
          return { path: `/api/webhooks/${id}/deliveries/${test.body.deliveryId}/retry` };
        }
        return { path: op.path.replace("{id}", id) };
      }
      case "setPresence":
        return { path: `/api/snaps/${snap.id}/presence`, body: { connectionId: "c_matrix", editingCardId: null } };
      case "search":
        return { path: "/api/search?q=matrix" };
      case "createComment":
        return { path: `/api/snaps/${snap.id}/comments`, body: { body: "a matrix comment", cardId: card0 } };
      case "uploadFile":
        // A JSON body is a file like any other (a text file).
        return { path: `/api/snaps/${snap.id}/files?name=matrix.json`, body: { matrix: true } };
      case "readFile":
      case "deleteFile": {
        const uploaded = await api("POST", `/api/snaps/${snap.id}/files?name=matrix.txt`, {
          key: team.owner.key,
          rawBody: "a matrix file",
          headers: { "content-type": "text/plain" },
        });
        return { path: `/api/files/${uploaded.body.file.id}` };
      }
      case "updateComment":
        return { path: `/api/comments/${await insertComment(snap.id, card0)}`, body: { body: "edited by the matrix" } };
      case "deleteComment":
        return { path: `/api/comments/${await insertComment(snap.id, card0)}` };
      case "resolveComment":
        return { path: `/api/comments/${await insertComment(snap.id, card0)}/resolve`, body: { resolved: true } };
      case "inviteSnapMember":
        return { path: `/api/snaps/${snap.id}/members`, body: { email: uniqueEmail("snap-invitee"), role: "commenter" } };
      case "changeSnapMemberRole":
      case "removeSnapMember": {
        const user = await insertLoneUser();
        await insertSnapMember(snap.id, user.id, "viewer");
        return { path: `/api/snaps/${snap.id}/members/${user.id}`, body: op.operationId === "changeSnapMemberRole" ? { role: "editor" } : undefined };
      }
      case "revokeSnapInvitation":
        return { path: `/api/snaps/${snap.id}/invitations/${await insertSnapInvitation(snap.id)}` };
      case "removeWorkspaceGuest": {
        const user = await insertLoneUser();
        await insertSnapMember(snap.id, user.id, "commenter");
        return { path: `/api/workspace/guests/${user.id}` };
      }
      case "markNotificationsRead":
        return { path: "/api/notifications/read", body: { all: true } };
      case "updateAccount":
        return { path: "/api/account", body: { emailNotifications: "immediately" } };
      case "unsubscribeEmail":
        // A user of its own: the token turns their email off, whoever (if anyone) sends it.
        return { path: `/api/account/unsubscribe?token=${await unsubscribeToken((await insertLoneUser()).id)}` };
      default:
        // Reads without a body (listings, health, the document, a snap's event stream).
        return { path: op.path.replace("{id}", snap.id) };
    }
  }

  const CELLS = allCells(rows, vias).filter((_, index) => index % parts === part);

  if (extraChecks)
    describe("every operation has a row in the matrix", () => {
      it.each(OPERATIONS.map((op) => [op.operationId]))("%s", (operationId) => {
        expect(NEEDS[operationId], `add ${operationId} to NEEDS in this test`).toBeDefined();
      });
    });

  describe("authorization matrix: every operation × caller × key or cookie", () => {
    it.each(CELLS)("%s", async (_label, { op, who, via }) => {
      if (!NEEDS[op.operationId]) return; // reported above
      const { path, body, rawBody, headers, freshCookie } = await arrange(op, who);
      const sent = { ...headersOf(who, via), ...headers };
      if (freshCookie && via === "cookie" && memberOf(who) && ENDS_SESSIONS.has(op.operationId)) sent.cookie = await freshCookie();
      if (body !== undefined) sent["content-type"] = "application/json";
      const response = await rawRequest(op.method.toUpperCase(), path, sent, rawBody ?? (body === undefined ? undefined : JSON.stringify(body)));
      responses.push({ op: op.operationId, who, text: response.text });
      const expected = expectedStatus(op, who, via);
      expect(response.status, response.text.slice(0, 300)).toBe(expected);
      if (expected >= 400) expectError({ status: response.status, body: JSON.parse(response.text) }, expected, CODES[expected]!);
      if (via === "readKey" && expected === 403 && op.method !== "get" && op.access !== "public") {
        expect(JSON.parse(response.text).error.message).toBe(READ_ONLY_MESSAGE);
      }
    });
  });

  if (extraChecks)
    describe("object-level authorization hidden inside a request", () => {
      async function ownSnapWithCards(n: number) {
        return insertSnap(team.owner, { cards: n });
      }

      it.each(["key", "cookie"] as const)(
        "a batch update of 99 own cards and 1 card of another workspace: 403 naming it, nothing written (%s)",
        async (via) => {
          const own = await ownSnapWithCards(99);
          const ids = [...own.cardIds, foreignSnap.cardIds[0]!];
          const before = await storedCards(ids);
          const response = await api("PATCH", "/api/snaps/cards/batch", {
            ...callerOf(team.owner, via),
            body: { updates: ids.map((id) => ({ id, title: "taken" })) },
          });
          expectError(response, 403, "FORBIDDEN");
          expect(response.body.error.details.map((d: { path: string }) => d.path)).toEqual(["updates.99.id"]);
          expect(await storedCards(ids)).toEqual(before);
        },
      );

      it("a batch create of 99 cards into an own snap and 1 into another workspace's: 403 naming it, nothing written", async () => {
        const own = await ownSnapWithCards(0);
        const cards = Array.from({ length: 99 }, (_, i) => ({ snapId: own.id, row: 0, col: i }));
        cards.push({ snapId: foreignSnap.id, row: 1, col: 0 });
        const response = await api("POST", "/api/snaps/cards/batch", { key: team.owner.key, body: { cards } });
        expectError(response, 403, "FORBIDDEN");
        expect(response.body.error.details.map((d: { path: string }) => d.path)).toEqual(["cards.99.snapId"]);
        expect([await countCards(own.id), await countCards(foreignSnap.id)]).toEqual([0, 2]);
      });

      it("a line from an own card to a card of another workspace: refused, no line", async () => {
        const own = await ownSnapWithCards(1);
        const response = await api("POST", `/api/snaps/${own.id}/lines`, {
          key: team.owner.key,
          body: { fromCardId: own.cardIds[0], toCardId: foreignSnap.cardIds[0] },
        });
        // The card is not in the snap: the same 400 as for a card that does not exist, naming the field.
        expectError(response, 400, "BAD_REQUEST");
        expect(response.body.error.details).toEqual([{ path: "toCardId", message: "No such card in this snap" }]);
        const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "Line" WHERE "toCardId" = $1 OR "fromCardId" = $1`, [foreignSnap.cardIds[0]]);
        expect(rows[0].n).toBe(0);
      });

      it("a line on another workspace's snap between its cards: 403", async () => {
        const response = await api("POST", `/api/snaps/${foreignSnap.id}/lines`, {
          key: team.owner.key,
          body: { fromCardId: foreignSnap.cardIds[0], toCardId: foreignSnap.cardIds[1] },
        });
        expectError(response, 403, "FORBIDDEN");
      });

      it("folderId of another workspace's folder in a snap PATCH: refused, not filed", async () => {
        const own = await ownSnapWithCards(0);
        const folderId = newId();
        const { rows } = await sql().query(`SELECT "workspaceId" FROM "Membership" WHERE "userId" = $1`, [team.outsider.id]);
        await sql().query(`INSERT INTO "Folder" (id, "workspaceId", "userId", name, "updatedAt") VALUES ($1, $2, $3, 'theirs', now())`, [
          folderId,
          rows[0].workspaceId,
          team.outsider.id,
        ]);
        const response = await api("PATCH", `/api/snaps/${own.id}`, { key: team.owner.key, body: { folderId } });
        expectError(response, 400, "BAD_REQUEST");
        expect(response.body.error.details).toEqual([{ path: "folderId", message: "Must be a folder of the snap's workspace" }]);
        const stored = await sql().query(`SELECT "folderId" FROM "Snap" WHERE id = $1`, [own.id]);
        expect(stored.rows[0].folderId).toBeNull();
      });
    });

  if (extraChecks)
    describe("a user's private snap appears in no one else's listing", () => {
      const marker = `private-${randomBytes(4).toString("hex")}`;
      let folderId: string;
      let privateSnapId: string;

      beforeAll(async () => {
        folderId = newId();
        await sql().query(`INSERT INTO "Folder" (id, "workspaceId", "userId", name, "updatedAt") VALUES ($1, $2, $3, 'shared folder', now())`, [
          folderId,
          team.workspaceId,
          team.owner.id,
        ]);
        // Private (not shared with the workspace) but public by link: still nobody else's to list.
        privateSnapId = (await insertSnap(team.owner, { cards: 1 })).id;
        await sql().query(`UPDATE "Snap" SET title = $2, subtitle = $2, "folderId" = $3, "isPublic" = true, "shareToken" = $4 WHERE id = $1`, [
          privateSnapId,
          marker,
          folderId,
          randomBytes(24).toString("base64url"),
        ]);
      });

      it("the owner sees it (the listing works)", async () => {
        const response = await api("GET", `/api/v1/workspace/snaps?search=${marker}`, { key: team.owner.key });
        expect(response.body.snaps.map((snap: { id: string }) => snap.id)).toEqual([privateSnapId]);
      });

      it.each(["admin", "member", "outsider"] as const)("%s: not in search, folder filter, isPublic filter, any page, own list", async (name) => {
        const caller: Caller = { key: team[name].key };
        const queries = [`search=${marker}`, `folderId=${folderId}`, "isPublic=true", `search=${marker}&isPublic=true&folderId=${folderId}`];
        for (const query of queries) {
          const response = await api("GET", `/api/v1/workspace/snaps?${query}&limit=100`, caller);
          expect(response.status).toBe(200);
          expect(JSON.stringify(response.body)).not.toContain(privateSnapId);
        }
        // Every page in each sort order, and the first pages one snap at a time (the other tests' snaps fill the workspace).
        for (const sort of ["sortBy=updatedAt", "sortBy=title&sortOrder=asc", "sortBy=createdAt&sortOrder=asc"]) {
          for (const limit of [100, 1]) {
            for (let offset = 0; offset < (limit === 1 ? 20 : Infinity); offset += limit) {
              const page = await api("GET", `/api/v1/workspace/snaps?${sort}&limit=${limit}&offset=${offset}`, caller);
              expect(page.status).toBe(200);
              expect(JSON.stringify(page.body)).not.toContain(privateSnapId);
              if (!page.body.pagination.hasMore) break;
            }
          }
        }
        const own = await api("GET", "/api/snaps", caller);
        expect(JSON.stringify(own.body)).not.toContain(privateSnapId);
        // The MCP listing is the same query.
        const mcp = await rawRequest(
          "POST",
          "/api/mcp",
          { authorization: `Bearer ${team[name].key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
          JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_snaps", arguments: { search: marker } } }),
        );
        expect(mcp.status).toBe(200);
        expect(mcp.text).not.toContain(privateSnapId);
      });

      it.each(["admin", "member", "outsider"] as const)("%s: nor through the live routes that exist", async (name) => {
        for (const op of OPERATIONS.filter((candidate) => ["streamSnapEvents", "setPresence"].includes(candidate.operationId))) {
          const body = op.body ? JSON.stringify({ connectionId: "c_matrix", editingCardId: null }) : undefined;
          const headers: Record<string, string> = { authorization: `Bearer ${team[name].key}` };
          if (body) headers["content-type"] = "application/json";
          const response = await rawRequest(op.method.toUpperCase(), op.path.replace("{id}", privateSnapId), headers, body);
          expect({ op: op.operationId, status: response.status }).toEqual({ op: op.operationId, status: 403 });
          expect(response.text).not.toContain(marker);
        }
      });
    });

  if (extraChecks)
    describe("property-level authorization (OWASP API3)", () => {
      /** Fields no caller may set through a body; each is refused as an unknown field or ignored, never applied. */
      const FORBIDDEN = {
        id: "c-forged-id",
        userId: "c-forged-user",
        ownerId: "c-forged-owner",
        workspaceId: "c-forged-workspace",
        shareToken: "forged-token",
        createdAt: "2000-01-01T00:00:00.000Z",
        updatedAt: "2000-01-01T00:00:00.000Z",
        version: 999_999,
        keyHash: "$2b$11$forged",
        passwordHash: "$2b$11$forged",
        prefix: "service_sk_forged",
      };

      /** The top-level fields of an operation's body schema (those are allowed, of course). */
      function bodyFields(op: AnyOperation): string[] {
        const schema = op.body?.schema as { shape?: Record<string, unknown> } | undefined;
        return Object.keys(schema?.shape ?? {});
      }

      // An upload's body is a file, with no fields to forbid.
      const writes = OPERATIONS.filter((op) => op.body && op.operationId !== "mcp" && !op.body.upload);
      /**
       * Another product's document: the fields it does not use are ignored (docs/EXPORT-IMPORT.md,
       * "Trello"), so a forged one makes an ordinary import, the caller's own, showing nothing forged.
       */
      const FOREIGN_DOCUMENTS = new Set(["importSnapTrello"]);

      it.each(writes.map((op) => [op.operationId, op] as const))(
        "%s: every forbidden field is refused (400 naming the body), never applied",
        async (_id, op) => {
          for (const [field, value] of Object.entries(FORBIDDEN)) {
            if (bodyFields(op).includes(field)) continue;
            const { path, body, headers } = await arrange(op, "owner");
            const sent = { ...headersOf("owner", op.access === "session" ? "cookie" : "key"), ...headers, "content-type": "application/json" };
            const forged = { ...(body as object), [field]: value };
            const response = await rawRequest(op.method.toUpperCase(), path, sent, JSON.stringify(forged));
            expect({ field, status: response.status }).toEqual({ field, status: FOREIGN_DOCUMENTS.has(op.operationId) ? 201 : 400 });
            expect(response.text).not.toContain(String(value));
            if (FOREIGN_DOCUMENTS.has(op.operationId)) expect(JSON.parse(response.text).snap).toMatchObject({ userId: team.owner.id, version: 1 });
          }
        },
      );

      it("batch items cannot carry forged fields either, nor move a card to another snap", async () => {
        const own = await insertSnap(team.owner, { cards: 1 });
        const other = await insertSnap(team.owner, { cards: 0 });
        const before = await storedCards(own.cardIds);
        for (const field of ["userId", "workspaceId", "createdAt", "version"]) {
          const response = await api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { updates: [{ id: own.cardIds[0], [field]: "x" }] } });
          expectError(response, 400, "BAD_REQUEST", ["updates.0"]);
        }
        const move = await api("PATCH", `/api/snaps/cards/${own.cardIds[0]}`, { key: team.owner.key, body: { snapId: other.id } });
        expectError(move, 400, "BAD_REQUEST");
        const moveInBatch = await api("PATCH", "/api/snaps/cards/batch", {
          key: team.owner.key,
          body: { updates: [{ id: own.cardIds[0], snapId: other.id }] },
        });
        expectError(moveInBatch, 400, "BAD_REQUEST");
        expect(await storedCards(own.cardIds)).toEqual(before);
      });

      it("MCP tool arguments cannot carry forged fields", async () => {
        const own = await insertSnap(team.owner, { cards: 0 });
        const call = {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "update_snap", arguments: { id: own.id, title: "x", userId: team.outsider.id } },
        };
        const response = await rawRequest(
          "POST",
          "/api/mcp",
          { authorization: `Bearer ${team.owner.key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
          JSON.stringify(call),
        );
        expect(JSON.parse(response.text).result.isError).toBe(true);
        const { rows } = await sql().query(`SELECT "userId", title FROM "Snap" WHERE id = $1`, [own.id]);
        expect(rows[0]).toEqual({ userId: team.owner.id, title: "Untitled Snap" });
      });
    });

  describe("what the matrix answered", () => {
    it("no answer of the matrix holds a secret hash, a key other than a new one, or an email outside the workspace's member views", () => {
      expect(responses.length).toBe(CELLS.filter(([, { op }]) => NEEDS[op.operationId]).length);
      const emails = [team.owner, team.admin, team.member, team.outsider].map((member) => member.email);
      const keys = [team.owner, team.admin, team.member, team.outsider].map((member) => member.key).concat(revokedKey, ...readKeys.values());
      // The audit log names members (by name or email) and what was done to them.
      const memberViews = new Set([
        "listWorkspaceMembers",
        "addWorkspaceMember",
        "changeMemberRole",
        "signUp",
        "listAuditLog",
        // The inviting admin and the invited emails, to that workspace's admins and to the invitee.
        "listWorkspaceInvitations",
        "listOwnInvitations",
        // The caller's own account (their own email).
        "getAccount",
        "updateAccount",
      ]);
      for (const { op, who, text } of responses) {
        expect({ op, who, hash: /keyHash|passwordHash|\$2[aby]\$/.test(text) }).toEqual({ op, who, hash: false });
        for (const key of keys) expect({ op, who, key: text.includes(key) }).toEqual({ op, who, key: false });
        if (!memberViews.has(op)) for (const email of emails) expect({ op, who, email: text.includes(email) }).toEqual({ op, who, email: false });
      }
      // The outsider's view of the members is their own workspace: none of the team's emails.
      for (const { text } of responses.filter((r) => r.op === "listWorkspaceMembers" && r.who === "outsider")) {
        for (const member of [team.owner, team.admin, team.member]) expect(text).not.toContain(member.email);
      }
    });
  });
}
