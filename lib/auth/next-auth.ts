import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { logger } from "@/lib/log/logger";
import { authorizeSignIn } from "./authorize-sign-in";

/** A browser session lasts 30 days; each visit within that slides it forward. */
const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const config: NextAuthConfig = {
  // Self-hosted behind any host name; our own API checks Origin on cookie writes (lib/auth/same-origin.ts).
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/sign-in" },
  logger: {
    // A wrong password is an expected outcome, shown on the form; only real faults are logged.
    error(error) {
      // Auth.js errors carry their kind in `type`; `name` is mangled by the production build.
      if ((error as { type?: string }).type !== "CredentialsSignin") logger.error({ err: error }, "auth error");
    },
  },
  providers: [
    Credentials({
      credentials: { email: { type: "email" }, password: { type: "password" } },
      authorize: (credentials, request) => authorizeSignIn(credentials, request),
    }),
  ],
  callbacks: {
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
};

export const { handlers, auth, signIn, signOut } = NextAuth(config);
