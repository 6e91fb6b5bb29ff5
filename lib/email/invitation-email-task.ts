/** The job queue's invitation email task (registered only where email is on). No Prisma here: the job worker imports it. */
export const INVITATION_EMAIL_TASK = "email-invitation";

/** Which invitation to email: a board's (SnapInvitation) or a workspace's (WorkspaceInvitation). */
export interface InvitationEmailPayload {
  kind: "board" | "workspace";
  invitationId: string;
}
