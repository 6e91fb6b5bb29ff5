/**
 * The reasons a single sign-on is refused, as the sign-in page's `?error=` and what it says.
 * Auth.js's own codes (a failed exchange with the provider) come through as well.
 */
export const SIGN_IN_ERROR_MESSAGES: Record<string, string> = {
  unverified_email: "Your identity provider has not verified your email address, so it cannot be used to sign in here. Verify it there, then try again.",
  no_email: "Your identity provider did not share an email address, which an account here needs.",
  signup_disabled: "There is no account for this email address, and new accounts cannot be made by single sign-on. Ask an admin to invite you.",
  AccessDenied: "Single sign-on was refused.",
  Configuration: "Single sign-on is not working right now. Try again later or ask an admin.",
  OAuthCallbackError: "Single sign-on did not complete. Try again.",
};

export type OidcRefusal = "unverified_email" | "no_email" | "signup_disabled";
