import "server-only";
import { loadSessionPrincipal } from "@/lib/auth/load-principal";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { readSession } from "@/lib/auth/session-cookie";
import { approveAuthorization } from "./approve-authorization";
import { authorizationErrorRedirect, checkAuthorizationRequest, clientRedirect } from "./authorization-request";
import { isValidConsentToken } from "./consent-token";
import { oauthErrorPage } from "./error-page";
import { OAUTH_PATHS } from "./oauth-config";
import { publicBaseUrl } from "@/lib/request/public-base-url";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET {authorization_endpoint}: a request that cannot go back to its client is a 400 page; any
 * other error goes back to the client; a valid one goes on to the consent page (which sends a
 * signed-out browser to sign in first, then back).
 */
export async function handleAuthorizationRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const check = await checkAuthorizationRequest(url.searchParams, publicBaseUrl(request));
  if (!check.ok) return "page" in check ? oauthErrorPage(400, check.page) : redirectTo(check.redirect);
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
  const check = await checkAuthorizationRequest(new URLSearchParams(query), base);
  if (!check.ok) return "page" in check ? oauthErrorPage(400, check.page) : redirectTo(check.redirect);
  const { redirectUri, state } = check.request;
  if (form.get("decision") !== "allow") {
    return redirectTo(authorizationErrorRedirect(redirectUri, base, state, "access_denied", "The user denied the request"));
  }
  const code = await approveAuthorization(principal.userId, check.request);
  return redirectTo(clientRedirect(redirectUri, base, state, { code }));
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
