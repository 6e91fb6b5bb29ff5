import { OAUTH_PATHS } from "./oauth-config";

/**
 * The CSP source the consent page's form must be allowed to end at: Allow and Deny post to this
 * app, which answers with a redirect to the client's redirect URI (an origin, or a private-use
 * scheme such as `cursor:`). Null on every other page. The URI is checked again before any redirect.
 */
export function consentFormAction(url: URL): string | null {
  if (url.pathname !== OAUTH_PATHS.consent) return null;
  const redirectUri = url.searchParams.get("redirect_uri");
  if (!redirectUri) return null;
  try {
    const target = new URL(redirectUri);
    if (target.protocol === "http:" || target.protocol === "https:") return target.origin;
    const scheme = target.protocol.slice(0, -1);
    return /^[a-z][a-z0-9+.-]*$/.test(scheme) ? `${scheme}:` : null;
  } catch {
    return null;
  }
}
