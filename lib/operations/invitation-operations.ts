import { examples } from "@/lib/operations/examples/examples";
import { acceptedInvitationResponseSchema, ownInvitationsResponseSchema } from "@/lib/workspaces/invitation-schemas";
import { declareOperation } from "./operation";
import { invitationIdParam } from "./path-params";
import { successResponse } from "./success-response";

/** The caller's own invitations into other workspaces and onto boards (docs/API.md, "Invitations", "Board members"). */
export const INVITATION_OPERATIONS = {
  listOwnInvitations: declareOperation({
    method: "get",
    path: "/api/invitations",
    operationId: "listOwnInvitations",
    tag: "Invitations",
    summary: "List your invitations",
    description:
      "Pending invitations addressed to your email, with who sent them: `kind` `workspace` (into another workspace) or " +
      "`board` (onto one board, with a role).",
    success: { status: 200, description: "Newest first.", schema: ownInvitationsResponseSchema, example: examples.ownInvitationsResponse },
    errors: [401],
    access: "key-or-session",
  }),
  acceptInvitation: declareOperation({
    method: "post",
    path: "/api/invitations/{id}/accept",
    operationId: "acceptInvitation",
    tag: "Invitations",
    summary: "Accept an invitation",
    description:
      "A `board` invitation makes you a member of that board with the invited role; your workspace stays. A `workspace` " +
      "invitation moves you into the workspace with the invited role, with your snaps (those you shared with your previous workspace " +
      "become private) and folders. Another user's, or an expired, invitation is 404; 409 when you are the only admin " +
      "of a workspace that has other members, or the board has 100 members.",
    pathParams: invitationIdParam,
    success: {
      status: 200,
      description: "`kind` workspace: the workspace you are now in, and your role; `kind` board: the board, and your role on it.",
      schema: acceptedInvitationResponseSchema,
      example: examples.acceptedInvitation,
    },
    errors: [401, 404, 409],
    access: "key-or-session",
    noOAuth: true,
  }),
  declineInvitation: declareOperation({
    method: "post",
    path: "/api/invitations/{id}/decline",
    operationId: "declineInvitation",
    tag: "Invitations",
    summary: "Decline an invitation",
    description: "Either kind: the invitation is gone; the inviting workspace's audit log records it. Another user's, or an expired, invitation is 404.",
    pathParams: invitationIdParam,
    success: successResponse("Declined."),
    errors: [401, 404],
    access: "key-or-session",
    noOAuth: true,
  }),
};
