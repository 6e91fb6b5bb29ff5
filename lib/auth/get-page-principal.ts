import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { db } from "@/lib/db/client";
import { loadSessionPrincipal } from "./load-principal";
import { auth } from "./next-auth";
import type { Principal } from "../request/principal";

export type PagePrincipal = Principal & { email: string; name: string | null };

/**
 * The signed-in user for a server component, or null. Membership is read from the database, not
 * trusted from the token, so a session whose user or workspace is gone counts as signed out.
 * Cached per request: the layout and the page share one lookup.
 */
export const getPagePrincipal = cache(async (): Promise<PagePrincipal | null> => {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return null;
  const [principal, user] = await Promise.all([
    loadSessionPrincipal(userId, session.sessionEpoch ?? 0, session.sessionId ?? null),
    db.user.findUnique({ where: { id: userId }, select: { email: true, name: true } }),
  ]);
  return principal && user ? { ...principal, email: user.email, name: user.name } : null;
});

/** The signed-in user, or a redirect to the sign-in page. */
export async function requirePagePrincipal(): Promise<PagePrincipal> {
  const principal = await getPagePrincipal();
  if (!principal) redirect("/sign-in");
  return principal;
}
