import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AnswerInvitation } from "@/components/invitations/answer-invitation";
import { Alert } from "@/components/ui/alert";
import { getPagePrincipal } from "@/lib/auth/get-page-principal";
import { listAllOwnInvitations } from "@/lib/board-members/list-all-own-invitations";

export const metadata: Metadata = { title: "Invitation" };

/**
 * Where an invitation email's link lands: signed out, on sign-up (which links to sign-in), and back
 * here once signed in; then the invitation addressed to this account, to accept or decline.
 */
export default async function InvitationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const here = `/invitations/${encodeURIComponent(id)}`;
  const principal = await getPagePrincipal();
  if (!principal) redirect(`/sign-up?next=${encodeURIComponent(here)}`);
  const { invitations } = await listAllOwnInvitations(principal);
  const invitation = invitations.find((candidate) => candidate.id === id);
  if (!invitation) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Invitation</h1>
        <div className="mt-4">
          <Alert>This invitation was withdrawn, has expired, or was sent to another email address than this account&apos;s.</Alert>
        </div>
        <Link href="/" className="mt-6 inline-block text-sm font-semibold text-indigo-600 hover:text-indigo-500">
          Go to your dashboard
        </Link>
      </>
    );
  }
  return <AnswerInvitation invitation={{ ...invitation, createdAt: invitation.createdAt.toISOString(), expiresAt: invitation.expiresAt.toISOString() }} />;
}
