import {
  sharedWithMeResponseSchema,
  snapInvitationResponseSchema,
  snapMemberInviteSchema,
  snapMemberResponseSchema,
  snapMemberRoleChangeSchema,
  snapMembersResponseSchema,
  workspaceGuestsResponseSchema,
} from "@/lib/board-members/member-schemas";
import { listSharedWithMe } from "@/lib/board-members/list-shared-with-me";
import { listSnapMembers } from "@/lib/board-members/list-snap-members";
import { memberExamples } from "./examples/member-examples";
import { declareOperation } from "./operation";
import { snapIdParam } from "./path-params";
import { successResponse } from "./success-response";

const memberUserIdParam = { userId: { description: "The member's user id.", example: memberExamples.member.user.id } };
const snapInvitationIdParam = { invitationId: { description: "The invitation id.", example: memberExamples.invitation.id } };
const guestUserIdParam = { userId: { description: "The guest's user id.", example: memberExamples.guests.guests[0]!.user.id } };

/** A board's members, guests and invitations (docs/API.md, "Board members"). */
export const MEMBER_OPERATIONS = {
  listSnapMembers: declareOperation({
    method: "get",
    path: "/api/snaps/{id}/members",
    operationId: "listSnapMembers",
    tag: "Members",
    summary: "List a snap's members",
    description:
      "Whoever reads the snap sees its members with their roles and whether each is a guest (not in the snap's workspace). " +
      "Emails and the pending invitations only to those who manage it (its owner and the workspace's admins).",
    pathParams: snapIdParam,
    success: {
      status: 200,
      description: "Members oldest first; invitations newest first.",
      schema: snapMembersResponseSchema,
      example: memberExamples.members,
    },
    errors: [401, 403, 404],
    access: "key-or-session",
    action: (principal, { params }) => listSnapMembers(principal, params.id),
    tools: [{ name: "list_snap_members", title: "List a snap's people and their roles", mode: "read" }],
  }),
  inviteSnapMember: declareOperation({
    method: "post",
    path: "/api/snaps/{id}/members",
    operationId: "inviteSnapMember",
    tag: "Members",
    summary: "Invite someone to a snap",
    description:
      "Owner or workspace admin: invites an email, inside the workspace or not, with a role (`viewer`, `commenter`, `editor`). " +
      "Nobody is added until the holder of an account with that email (now, or once they sign up) accepts through " +
      "/api/invitations; they are emailed a link where email is on. The answer is the same whether or not the email has " +
      "an account. Inviting the same email again returns the pending invitation with the new role. 409 for the owner's " +
      "or a member's email, or past 100 pending invitations.",
    pathParams: snapIdParam,
    body: { schema: snapMemberInviteSchema, example: { email: "client@example.org", role: "commenter" } },
    success: { status: 202, description: "The invitation, pending.", schema: snapInvitationResponseSchema, example: { invitation: memberExamples.invitation } },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
    noOAuth: true,
  }),
  changeSnapMemberRole: declareOperation({
    method: "patch",
    path: "/api/snaps/{id}/members/{userId}",
    operationId: "changeSnapMemberRole",
    tag: "Members",
    summary: "Change a member's role",
    description: "Owner or workspace admin. A lower role holds from the next request on; the member's open event streams are told (`access`).",
    pathParams: { ...snapIdParam, ...memberUserIdParam },
    body: { schema: snapMemberRoleChangeSchema, example: { role: "viewer" } },
    success: { status: 200, description: "The member with the new role.", schema: snapMemberResponseSchema, example: { member: memberExamples.member } },
    errors: [400, 401, 403, 404, 413, 415],
    access: "key-or-session",
    noOAuth: true,
  }),
  removeSnapMember: declareOperation({
    method: "delete",
    path: "/api/snaps/{id}/members/{userId}",
    operationId: "removeSnapMember",
    tag: "Members",
    summary: "Remove a member",
    description:
      "Owner or workspace admin; any member may remove themself (their own id). It holds from the next request on, and " +
      "their open event streams end (`access-revoked`) unless they still read the snap through its workspace share.",
    pathParams: { ...snapIdParam, ...memberUserIdParam },
    success: successResponse("Removed."),
    errors: [401, 403, 404],
    access: "key-or-session",
    noOAuth: true,
  }),
  revokeSnapInvitation: declareOperation({
    method: "delete",
    path: "/api/snaps/{id}/invitations/{invitationId}",
    operationId: "revokeSnapInvitation",
    tag: "Members",
    summary: "Revoke a snap invitation",
    description: "Owner or workspace admin; another snap's invitation is 404.",
    pathParams: { ...snapIdParam, ...snapInvitationIdParam },
    success: successResponse("Revoked."),
    errors: [401, 403, 404],
    access: "key-or-session",
    noOAuth: true,
  }),
  listSharedWithMe: declareOperation({
    method: "get",
    path: "/api/snaps/shared-with-me",
    operationId: "listSharedWithMe",
    tag: "Members",
    summary: "Snaps shared with you",
    description:
      "The snaps you are a member of, with your role, whichever workspace they belong to (`guest`: not yours). A guest " +
      "sees these and nothing else of the other workspace.",
    success: { status: 200, description: "Newest membership first.", schema: sharedWithMeResponseSchema, example: memberExamples.sharedWithMe },
    errors: [401],
    access: "key-or-session",
    action: (principal) => listSharedWithMe(principal),
    tools: [{ name: "list_shared_with_me", title: "List the snaps shared with you", mode: "read" }],
  }),
  listWorkspaceGuests: declareOperation({
    method: "get",
    path: "/api/workspace/guests",
    operationId: "listWorkspaceGuests",
    tag: "Workspace",
    summary: "List guests",
    description: "Admins only (403): everyone outside the workspace who is a member of one of its snaps (private ones included), with those snaps.",
    success: { status: 200, description: "By email.", schema: workspaceGuestsResponseSchema, example: memberExamples.guests },
    errors: [401, 403],
    access: "key-or-session",
  }),
  removeWorkspaceGuest: declareOperation({
    method: "delete",
    path: "/api/workspace/guests/{userId}",
    operationId: "removeWorkspaceGuest",
    tag: "Workspace",
    summary: "Remove a guest",
    description: "Admins only (403): removes the guest from every snap of the workspace. 404 for someone who is no guest of it.",
    pathParams: guestUserIdParam,
    success: successResponse("Removed from every snap of the workspace."),
    errors: [401, 403, 404],
    access: "key-or-session",
    noOAuth: true,
  }),
};
