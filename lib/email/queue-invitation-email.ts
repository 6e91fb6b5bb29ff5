import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { EMAIL_MAX_ATTEMPTS, emailEnabled } from "./email-config";
import { INVITATION_EMAIL_TASK, type InvitationEmailPayload } from "./invitation-email-task";

/**
 * Queues the invitation's email in the inviting transaction (sent only if it commits), where email is
 * on; without a mailer the invitee finds the invitation in the app (GET /api/invitations).
 */
export async function queueInvitationEmail(tx: Tx, kind: InvitationEmailPayload["kind"], invitationId: string): Promise<void> {
  if (!emailEnabled()) return;
  const payload: InvitationEmailPayload = { kind, invitationId };
  await tx.$executeRaw`SELECT graphile_worker.add_job(${INVITATION_EMAIL_TASK}::text, ${JSON.stringify(payload)}::json,
    max_attempts := ${EMAIL_MAX_ATTEMPTS}::int)`;
}
