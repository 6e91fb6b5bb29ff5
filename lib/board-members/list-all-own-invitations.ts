import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { listOwnInvitations } from "@/lib/workspaces/list-own-invitations";
import { MAX_LISTED_OWN_INVITATIONS } from "@/lib/workspaces/invitation-limits";
import type { SnapRole } from "@/lib/board-model/snap-roles";

type Inviter = { name: string | null; email: string } | null;
type OwnInvitation =
  | { kind: "workspace"; id: string; role: "admin" | "member"; createdAt: Date; expiresAt: Date; workspace: { id: string; name: string }; invitedBy: Inviter }
  | {
      kind: "board";
      id: string;
      role: SnapRole;
      createdAt: Date;
      expiresAt: Date;
      snap: { id: string; title: string };
      workspace: { id: string; name: string };
      invitedBy: Inviter;
    };

/**
 * GET /api/invitations: the caller's pending invitations of both kinds, newest first: into a
 * workspace (`kind` workspace) and onto one board (`kind` board, with the board and its workspace).
 * Not one to a board the caller owns.
 */
export async function listAllOwnInvitations(principal: Principal): Promise<{ invitations: OwnInvitation[] }> {
  const user = await db.user.findUnique({ where: { id: principal.userId }, select: { email: true } });
  if (!user) return { invitations: [] };
  const [workspace, boards] = await Promise.all([
    listOwnInvitations(principal),
    db.snapInvitation.findMany({
      where: { email: user.email, expiresAt: { gt: new Date() }, snap: { userId: { not: principal.userId } } },
      select: {
        id: true,
        role: true,
        createdAt: true,
        expiresAt: true,
        snap: { select: { id: true, title: true, workspace: { select: { id: true, name: true } } } },
        invitedBy: { select: { name: true, email: true } },
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: MAX_LISTED_OWN_INVITATIONS,
    }),
  ]);
  const all: OwnInvitation[] = [
    ...workspace.invitations.map((invitation) => ({ kind: "workspace" as const, ...invitation })),
    ...boards.map(({ snap, ...invitation }) => ({
      kind: "board" as const,
      ...invitation,
      snap: { id: snap.id, title: snap.title },
      workspace: snap.workspace,
    })),
  ];
  all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  return { invitations: all.slice(0, MAX_LISTED_OWN_INVITATIONS) };
}
