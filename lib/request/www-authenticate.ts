/** The resource a /api path belongs to for discovery: MCP, or the rest of the API. */
export function resourcePathOf(pathname: string): "/api" | "/api/mcp" {
  return pathname === "/api/mcp" || pathname.startsWith("/api/mcp/") ? "/api/mcp" : "/api";
}

/**
 * RFC 6750 / RFC 9728 challenge of a 401 or 403 from /api: where the resource's metadata is, and
 * the error when a token was presented (`invalid_token`, or `insufficient_scope` with the scope needed).
 */
export function bearerChallenge(base: string, pathname: string, error?: { error: "invalid_token" } | { error: "insufficient_scope"; scope: string }): string {
  const metadata = `resource_metadata="${base}/.well-known/oauth-protected-resource${resourcePathOf(pathname)}"`;
  if (!error) return `Bearer ${metadata}`;
  if (error.error === "insufficient_scope") return `Bearer error="insufficient_scope", scope="${error.scope}", ${metadata}`;
  return `Bearer error="invalid_token", ${metadata}`;
}
