import "server-only";
import { randomUUID } from "node:crypto";
import NextAuth, { type NextAuthConfig } from "next-auth";
import type { Provider } from "next-auth/providers";
import Credentials from "next-auth/providers/credentials";
import { db } from "@/lib/db/client";
import { logger } from "@/lib/log/logger";
import { authorizeSignIn } from "./authorize-sign-in";
import { endSession } from "./end-session";
import { OIDC_PROVIDER_ID, oidcConfig, passwordSignInEnabled } from "./oidc/oidc-config";
import { resolveOidcUser } from "./oidc/resolve-oidc-user";

declare module "next-auth" {
  interface Session {
    /** The user's session epoch when this session began (lib/auth/load-principal.ts). */
    sessionEpoch?: number;
    /** This session's id (lib/auth/end-session.ts). */
    sessionId?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    epoch?: number;
    /** One id per sign-in, kept as the token slides forward: signing out ends it on the server. */
    sid?: string;
  }
}

/** A browser session lasts 30 days; each visit within that slides it forward. */
const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Expected outcomes shown on the sign-in page, not faults: a wrong password, a refused single sign-on. */
const EXPECTED_AUTH_ERRORS = new Set(["CredentialsSignin", "AccessDenied"]);

const oidc = oidcConfig();

function providers(): Provider[] {
  const list: Provider[] = [];
  if (passwordSignInEnabled()) {
    list.push(
      Credentials({
        credentials: { email: { type: "email" }, password: { type: "password" } },
        authorize: (credentials, request) => authorizeSignIn(credentials, request),
      }),
    );
  }
  if (oidc) {
    list.push({
      id: OIDC_PROVIDER_ID,
      name: oidc.name,
      type: "oidc",
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      authorization: { params: { scope: "openid email profile" } },
      checks: ["pkce", "state", "nonce"],
    });
  }
  return list;
}

const config: NextAuthConfig = {
  // Self-hosted behind any host name; our own API checks Origin on cookie writes (lib/auth/same-origin.ts).
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/sign-in", error: "/sign-in" },
  logger: {
    error(error) {
      // Auth.js errors carry their kind in `type`; `name` is mangled by the production build.
      if (!EXPECTED_AUTH_ERRORS.has((error as { type?: string }).type ?? "")) logger.error({ err: error }, "auth error");
    },
  },
  providers: providers(),
  events: {
    // Every sign-out (the app's button, or POST /api/auth/signout) ends the session on the server
    // too: the cookie may have been copied, and clearing it in one browser proves nothing.
    async signOut(message) {
      const token = "token" in message ? message.token : null;
      if (token?.sub && token.sid) await endSession(token.sub, token.sid, SESSION_MAX_AGE_SECONDS);
    },
  },
  callbacks: {
    /**
     * A single sign-on is mapped to a local user here (linked, or made), or refused with a reason
     * the sign-in page explains. The provider's subject never becomes our user id.
     */
    async signIn({ user, account, profile }) {
      if (account?.provider !== OIDC_PROVIDER_ID || !oidc) return true;
      const result = await resolveOidcUser(
        {
          issuer: oidc.issuer,
          subject: account.providerAccountId,
          email: profile?.email,
          emailVerified: profile?.email_verified,
          name: profile?.name,
        },
        oidc,
      );
      if ("refused" in result) return `/sign-in?error=${result.refused}`;
      user.id = result.userId;
      return true;
    },
    async jwt({ token, user }) {
      // At sign-in only: the token remembers the session epoch it was issued in.
      if (user?.id) {
        token.sub = user.id;
        const row = await db.user.findUnique({ where: { id: user.id }, select: { sessionEpoch: true } });
        token.epoch = row?.sessionEpoch ?? 0;
        token.sid = randomUUID();
        // Nothing from the provider's profile is kept in the cookie but what the app reads.
        delete token.picture;
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      session.sessionEpoch = token.epoch ?? 0;
      if (token.sid) session.sessionId = token.sid;
      return session;
    },
  },
};

export const { handlers, auth, signIn, signOut } = NextAuth(config);
