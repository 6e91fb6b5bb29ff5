import { config, type Config } from "@/lib/config";

/** The provider id in Auth.js's routes: the redirect URI to register is <app>/api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = "oidc";

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The sign-in button says "Continue with <name>". */
  name: string;
  /** A first sign-in by someone without an account makes one (default); false refuses them. */
  allowSignup: boolean;
}

/**
 * Single sign-on, configured only by the environment (docs/OPERATIONS.md, "Single sign-on"): on when
 * OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are all set.
 */
export function oidcConfig(env: Config = config()): OidcConfig | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  if (!issuer || !clientId || !clientSecret) return null;
  return { issuer, clientId, clientSecret, name: env.OIDC_NAME ?? "Single sign-on", allowSignup: env.OIDC_ALLOW_SIGNUP };
}

/** PASSWORD_SIGNIN=false hides the password form and refuses password sign-ins and sign-ups. */
export function passwordSignInEnabled(env: Config = config()): boolean {
  return env.PASSWORD_SIGNIN;
}

/**
 * Whether POST /api/account (password sign-up) is open: never with PASSWORD_SIGNIN=false; else as
 * PASSWORD_SIGNUP says when set; else closed when OIDC_ALLOW_SIGNUP=false, which restricts who may
 * get an account to the provider's users, and a password sign-up would walk around it.
 */
export function passwordSignUpEnabled(env: Config = config()): boolean {
  if (!env.PASSWORD_SIGNIN) return false;
  return env.PASSWORD_SIGNUP ?? env.OIDC_ALLOW_SIGNUP;
}
