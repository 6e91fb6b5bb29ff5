import { runtime } from "@/lib/config";
import { NextResponse, type NextRequest } from "next/server";
import { refuseMalformedPath } from "@/lib/http/refuse-malformed-path";
import { consentFormAction } from "@/lib/oauth/consent-form-action";
import { createNonce, pageContentSecurityPolicy } from "@/lib/security/content-security-policy";
import { refuseCrossSiteAction } from "@/lib/security/refuse-cross-site-action";
import { refuseUnreadableActionForm } from "@/lib/security/refuse-unreadable-action-form";

/**
 * Pages: a fresh CSP nonce per request. Next.js reads the nonce from the request's
 * Content-Security-Policy header and sets it on the scripts it renders; the browser gets the same
 * policy on the response. Static assets and public files never come here, nor does the API except
 * for a path with percent-encoding (see `config`), so the API's hot path pays nothing;
 * next.config.mjs gives the API a static policy.
 */
export async function proxy(request: NextRequest) {
  // Before routing: a path Next's router cannot decode would otherwise be its bare 500 (docs/API.md, "Errors").
  const refused = refuseMalformedPath(request.nextUrl.pathname);
  if (refused) return refused;
  if (request.nextUrl.pathname.startsWith("/api")) return NextResponse.next();
  const refusedAction = refuseCrossSiteAction(request) ?? (await refuseUnreadableActionForm(request));
  if (refusedAction) return refusedAction;
  const policy = pageContentSecurityPolicy(createNonce(), {
    development: runtime.isDevelopment(),
    formActionExtra: consentFormAction(request.nextUrl),
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [
    // API paths with percent-encoding only (ids never need it), so the hot path stays proxy-free.
    { source: "/api/:path(.*%.*)" },
    {
      // Everything but /api, Next's static files and image optimizer, and files with an extension (public/, favicon).
      source: "/((?!api/|api$|_next/static|_next/image|favicon\\.ico|.*\\.[A-Za-z0-9]+$).*)",
      // Prefetches fetch RSC payloads, not HTML: no scripts to nonce.
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
