import "server-only";
import { config } from "@/lib/config";
import { pool } from "@/lib/db/pool";
import { logger } from "@/lib/log/logger";
import { publicBaseUrl } from "./email-config";
import type { InvitationEmailPayload } from "./invitation-email-task";
import { mailTransport } from "./mail-transport";

interface InvitationRow {
  email: string;
  role: string;
  expiresAt: Date;
  /** The board's title, or the workspace's name. */
  target: string;
  inviter: string | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const READ_SQL = {
  board: `SELECT i.email, i.role::text AS role, i."expiresAt", s.title AS target, COALESCE(u.name, u.email) AS inviter
          FROM "SnapInvitation" AS i JOIN "Snap" AS s ON s.id = i."snapId" LEFT JOIN "User" AS u ON u.id = i."invitedById"
          WHERE i.id = $1 AND i."expiresAt" > now()`,
  workspace: `SELECT i.email, i.role::text AS role, i."expiresAt", w.name AS target, COALESCE(u.name, u.email) AS inviter
              FROM "WorkspaceInvitation" AS i JOIN "Workspace" AS w ON w.id = i."workspaceId" LEFT JOIN "User" AS u ON u.id = i."invitedById"
              WHERE i.id = $1 AND i."expiresAt" > now()`,
};

/**
 * The email-invitation job: one email to the invited address with a link to /invitations/:id, which
 * leads through sign-up or sign-in to accepting it (docs/API.md, "Board members"). An invitation
 * revoked, used or expired before the job ran sends nothing. A failure throws, and the queue tries
 * again with backoff. Only the invitation id and SMTP codes are logged, never the address.
 */
export async function sendInvitationEmail(payload: InvitationEmailPayload): Promise<void> {
  const kind = payload.kind === "workspace" ? "workspace" : "board";
  const { rows } = await pool.query<InvitationRow>(READ_SQL[kind], [payload.invitationId]);
  const invitation = rows[0];
  if (!invitation) return;
  const link = `${publicBaseUrl()}/invitations/${encodeURIComponent(payload.invitationId)}`;
  const inviter = invitation.inviter ?? "Someone";
  const what = kind === "board" ? `the board “${invitation.target}” as ${invitation.role}` : `the workspace “${invitation.target}” as ${invitation.role}`;
  const subject = kind === "board" ? `${inviter} shared “${invitation.target}” with you` : `${inviter} invited you to “${invitation.target}”`;
  const expires = invitation.expiresAt.toISOString().slice(0, 10);
  const text = `${inviter} invited you to ${what}.\n\nOpen the invitation (sign up or sign in with this address):\n${link}\n\nIt expires on ${expires}. If you did not expect it, ignore this email.\n`;
  const html =
    `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(inviter)} invited you to ${escapeHtml(what)}.</p>` +
    `<p><a href="${escapeHtml(link)}">Open the invitation</a> (sign up or sign in with this address).</p>` +
    `<p style="color:#64748b">It expires on ${expires}. If you did not expect it, ignore this email.</p></body></html>`;
  try {
    await (await mailTransport()).sendMail({ from: config().MAIL_FROM, to: invitation.email, subject, text, html });
  } catch (error) {
    const { code, responseCode } = error as { code?: string; responseCode?: number };
    logger.warn({ component: "email", invitationId: payload.invitationId, code, responseCode }, "invitation email not sent; the job queue retries it");
    throw new Error(`SMTP send failed (${code ?? "error"} ${responseCode ?? ""})`.trim());
  }
  logger.info({ component: "email", invitationId: payload.invitationId, kind }, "invitation email sent");
}
