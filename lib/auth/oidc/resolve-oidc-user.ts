import "server-only";
import { recordAuthEvent } from "@/lib/audit/record-auth-event";
import { recordSignInFailure } from "@/lib/audit/record-sign-in-failure";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { runTransaction } from "@/lib/db/run-transaction";
import { normalizeEmail } from "@/lib/workspaces/find-user-by-email";
import { personalWorkspaceName } from "@/lib/workspaces/personal-workspace-name";
import { claimUnverifiedAccount } from "./claim-unverified-account";
import type { OidcRefusal } from "./sign-in-errors";

export interface OidcClaims {
  issuer: string;
  subject: string;
  email?: unknown;
  emailVerified?: unknown;
  name?: unknown;
}

export type OidcSignIn = { userId: string } | { refused: OidcRefusal };

/**
 * The local user for a single sign-on: the user already linked to this issuer and subject; else
 * the account with the same email, which is linked (never a second account for one email); else a
 * new account with its personal workspace, when sign-up is allowed. Linking or creating needs an
 * email the provider says it verified: otherwise anyone who can type an address at some provider
 * would take over the account that owns it. Linking an account whose email was never verified (a
 * password sign-up) ends its password, sessions and keys first (claimUnverifiedAccount).
 */
export async function resolveOidcUser(claims: OidcClaims, { allowSignup }: { allowSignup: boolean }): Promise<OidcSignIn> {
  const linked = await db.userIdentity.findUnique({
    where: { issuer_subject: { issuer: claims.issuer, subject: claims.subject } },
    select: { userId: true },
  });
  if (linked) return signedIn(linked.userId);

  if (typeof claims.email !== "string" || !claims.email.includes("@")) return { refused: "no_email" };
  const email = normalizeEmail(claims.email);
  if (claims.emailVerified !== true && claims.emailVerified !== "true") {
    await recordSignInFailure(email);
    return { refused: "unverified_email" };
  }
  const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 100) : null;

  try {
    const userId = await runTransaction(async (tx) => {
      const existing = await tx.user.findUnique({ where: { email }, select: { id: true, emailVerifiedAt: true } });
      if (existing && !existing.emailVerifiedAt) await claimUnverifiedAccount(tx, existing.id);
      const id =
        existing?.id ??
        (allowSignup
          ? (
              await tx.user.create({
                data: {
                  email,
                  name,
                  passwordHash: null,
                  emailVerifiedAt: new Date(),
                  membership: { create: { role: "admin", workspace: { create: { name: personalWorkspaceName({ email, name }) } } } },
                },
                select: { id: true },
              })
            ).id
          : null);
      if (id) await tx.userIdentity.create({ data: { issuer: claims.issuer, subject: claims.subject, userId: id }, select: { userId: true } });
      return id;
    });
    if (!userId) return { refused: "signup_disabled" };
    return signedIn(userId);
  } catch (error) {
    // Two first sign-ins at once: the other one made the link or the account; use it.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return resolveOidcUser(claims, { allowSignup });
    throw error;
  }
}

async function signedIn(userId: string): Promise<OidcSignIn> {
  await recordAuthEvent("auth.signed_in", userId);
  return { userId };
}
