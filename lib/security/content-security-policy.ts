/**
 * The pages' Content-Security-Policy, minted per request by proxy.ts. Scripts run only with this
 * request's nonce (Next.js reads it from the request's CSP header and puts it on its own scripts);
 * 'strict-dynamic' lets those scripts load the chunks they need, and makes browsers that support it
 * ignore host lists, so an injected <script src> from this origin runs no more than inline code does.
 */
export function pageContentSecurityPolicy(nonce: string, options: { development?: boolean; formActionExtra?: string | null } = {}): string {
  return [
    "default-src 'self'",
    // React's dev tooling evaluates code; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    // Inline styles stay allowed: React renders style attributes (card colours, grid geometry,
    // positions), which a nonce cannot cover. Styles cannot run code; scripts are what the nonce guards.
    "style-src 'self' 'unsafe-inline'",
    // Image cards show images from any http(s) host (components/board/canvas/safe-url.ts never emits data: in a card).
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The service worker (/serwist/sw.js, docs/OFFLINE.md): 'strict-dynamic' above would not let it register.
    "worker-src 'self'",
    // Design embeds: https only, and sandboxed by the iframe itself. 'self' for the file viewer's
    // PDF: the only answer of this origin that lets itself be framed is a PDF's /api/files/:id?view=1
    // (next.config.mjs; every page and other answer says frame-ancestors 'none').
    "frame-src https: 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // The OAuth consent form's post is answered with a redirect to the app that asked, which
    // form-action governs too: that one destination is added for that page (lib/oauth/consent-form-action.ts).
    `form-action 'self'${options.formActionExtra ? ` ${options.formActionExtra}` : ""}`,
    "object-src 'none'",
  ].join("; ");
}

/** A nonce of 128 random bits, base64: what CSP needs to be unguessable per response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
