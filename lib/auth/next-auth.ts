import "server-only";
import { randomUUID } from "node:crypto";
import { Auth } from "@auth/core";
import NextAuth, { type NextAuthConfig } from "next-auth";
import type { Provider } from "next-auth/providers";
import Credentials from "next-auth/providers/credentials";
import { config as appConfig } from "@/lib/config";
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

const nextAuth = NextAuth(config);
export const { auth, signIn, signOut } = nextAuth;

/**
 * GET and POST /api/auth/*. Auth.js builds the single sign-on redirect URI, its redirects and its
 * cookies' security from the request's URL. With AUTH_URL set, that URL must be AUTH_URL's: the
 * name the provider registered and the browser uses. next-auth's own rewrite to AUTH_URL makes a
 * NextRequest, whose URL calls every loopback address `localhost` (so `http://127.0.0.1:3000`
 * became `http://localhost:3000/api/auth/callback/oidc`, which the provider refuses); a plain
 * Request keeps it as written. Without AUTH_URL, the request's own URL, as before.
 */
export function handleAuthRequest(request: Request): Promise<Response> {
  const publicUrl = appConfig().AUTH_URL;
  if (!publicUrl) return nextAuth.handlers.GET(request as Parameters<typeof nextAuth.handlers.GET>[0]);
  const { pathname, search } = new URL(request.url);
  const body = request.method === "GET" || request.method === "HEAD" ? null : request.body;
  // NextAuth(config) filled in the defaults (basePath, secret) on `config` itself.
  return Auth(
    new Request(new URL(`${pathname}${search}`, publicUrl), { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit),
    config,
  );
}
