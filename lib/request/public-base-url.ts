import { config } from "@/lib/config";

/**
 * `{base}`: the app's public URL, AUTH_URL's origin when set, else the origin the
 * request came to (as a proxy in front of the app forwards it; lib/auth/same-origin.ts reads it so too).
 */
export function publicBaseUrl(request: Request): string {
  const configured = config().AUTH_URL;
  if (configured) {
    try {
      // The origin only: the app is served at the root of its host (an Auth.js-style `/api/auth` path is ignored).
      return new URL(configured).origin;
    } catch {
      // not a URL: fall back to the request's origin
    }
  }
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "");
  return `${proto}://${host}`;
}
