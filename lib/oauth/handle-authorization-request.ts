import "server-only";
import { loadSessionPrincipal } from "@/lib/auth/load-principal";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { readSession } from "@/lib/auth/session-cookie";
import { ApiError } from "@/lib/errors/api-error";
import { approveAuthorization } from "./approve-authorization";
import { authorizationErrorRedirect, checkAuthorizationRequest, clientRedirect, type AuthorizationCheck } from "./authorization-request";
import { clientRegistrationBudget } from "./client-registration-budget";
import { isValidConsentToken } from "./consent-token";
import { oauthErrorPage } from "./error-page";
import { OAUTH_PATHS } from "./oauth-config";
import { publicBaseUrl } from "@/lib/request/public-base-url";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET {authorization_endpoint}: a valid request goes on to the consent page (which sends a
 * signed-out browser to sign in first, then back); any error is shown on this server's own page,
 * never sent to the redirect URI (lib/oauth/authorization-request.ts, RFC 9700 §4.11.2). A client ID
 * metadata document fetched for it is charged to the registration budget of the caller's address.
 */
export async function handleAuthorizationRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  let check: AuthorizationCheck;
  try {
    check = await checkAuthorizationRequest(url.searchParams, publicBaseUrl(request), clientRegistrationBudget(request));
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "RATE_LIMITED") throw error;
    return oauthErrorPage(429, "Too many new apps were connected from your address. Try again later.", error.headers);
  }
  if (!check.ok) return authorizationErrorPage(check);
  return redirectTo(`${OAUTH_PATHS.consent}${url.search}`, 302);
}

/**
 * POST {authorization_endpoint}: the consent page's Allow or Deny. Only from this app's own page
 * (same origin, the form's token for this user and this exact request), from a signed-in browser.
 */
export async function handleConsentDecision(request: Request): Promise<Response> {
  if (!isSameOriginPost(request)) return oauthErrorPage(403, "This form can only be sent from this app's own consent page.");
  const session = await readSession(request);
  const principal = session ? await loadSessionPrincipal(session.sub, session.epoch, session.sessionId) : null;
  if (!session || !principal) return oauthErrorPage(401, "Your session ended. Go back to the app and connect again.");
  const form = new URLSearchParams(await request.text());
  const query = form.get("request") ?? "";
  if (!isValidConsentToken(form.get("consent_token") ?? "", principal.userId, session.epoch, query)) {
    return oauthErrorPage(403, "This consent form is not valid for your session. Go back to the app and connect again.");
  }
  const base = publicBaseUrl(request);
  // The consent page showed this request valid; it is checked again, and an error still never redirects.
  const check = await checkAuthorizationRequest(new URLSearchParams(query), base, clientRegistrationBudget(request));
  if (!check.ok) return authorizationErrorPage(check);
  const { redirectUri, state } = check.request;
  // The person has seen the consent page: from here on the client's redirect URI is where answers go.
  if (form.get("decision") !== "allow") {
    return redirectTo(authorizationErrorRedirect(redirectUri, base, state, "access_denied", "The user denied the request"));
  }
  const code = await approveAuthorization(principal.userId, check.request);
  return redirectTo(clientRedirect(redirectUri, base, state, { code }));
}

function authorizationErrorPage(check: Extract<AuthorizationCheck, { ok: false }>): Response {
  return oauthErrorPage(400, check.error ? `${check.message} (${check.error})` : check.message);
}

function redirectTo(location: string, status = 303): Response {
  return new Response(null, { status, headers: { Location: location, ...NO_STORE } });
}

/** The browser says the post comes from this origin (lib/auth/same-origin.ts: Sec-Fetch-Site, or failing that Origin). */
function isSameOriginPost(request: Request): boolean {
  try {
    assertSameOrigin(request);
    return true;
  } catch {
    return false;
  }
}
