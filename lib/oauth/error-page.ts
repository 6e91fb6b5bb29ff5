const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * The authorization endpoint's own error page (400 and the like): an invalid authorization request
 * is shown here, never sent back to its client (lib/oauth/authorization-request.ts).
 */
export function oauthErrorPage(status: number, message: string, headers: Record<string, string> = {}): Response {
  const text = message.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Cannot connect this app</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #0f172a">
<h1 style="font-size: 1.25rem">This app cannot be connected</h1><p>${text}</p><p><a href="/">Back to Snap Board</a></p></body></html>`;
  return new Response(html, { status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
