import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie-authenticated requests that change data: the browser must say the
 * request comes from our own origin (Sec-Fetch-Site, or failing that Origin). API-key requests
 * carry no ambient credential and need no such check.
 */
export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) {
    if (fetchSite === "same-origin") return;
    throw csrfRefused();
  }
  const origin = request.headers.get("origin");
  if (origin && origin === expectedOrigin(request)) return;
  throw csrfRefused();
}

/**
 * The app's own origin: the configured public URL (AUTH_URL, which Auth.js reads too) when set,
 * else the request's Host. Never X-Forwarded-Host: any client can send that header, so it cannot
 * say where the app lives (docs/CONFIGURATION.md).
 */
function expectedOrigin(request: Request): string {
  const configured = config().AUTH_URL;
  if (configured) return new URL(configured).origin;
  const url = new URL(request.url);
  return `${url.protocol}//${request.headers.get("host") ?? url.host}`;
}

function csrfRefused() {
  return new ApiError("FORBIDDEN", "Cross-site request refused: cookie-authenticated changes must come from this app");
}
