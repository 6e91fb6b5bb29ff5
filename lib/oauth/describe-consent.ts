import type { AuthorizationRequest } from "./authorization-request";

/** What the consent page says about a request, in plain words. */
export function describeConsent(request: AuthorizationRequest) {
  const mcpOnly = request.resource.endsWith("/api/mcp");
  const abilities = [
    mcpOnly ? "Read your snaps, cards and folders through the MCP server (AI assistants)" : "Read your snaps, cards, folders and their history",
  ];
  if (request.scopes.includes("write")) abilities.push("Create, change and delete snaps, cards, lines and folders, as you could");
  return {
    appName: request.client.name,
    /** A client ID metadata document is vouched for by the site that serves it; a registered client by no one. */
    verifiedBy: request.client.metadataDocument ? new URL(request.client.id).host : null,
    redirectHost: redirectHostOf(request.redirectUri),
    abilities,
  };
}

function redirectHostOf(redirectUri: string): string {
  const url = new URL(redirectUri);
  if (url.protocol === "http:" || url.protocol === "https:") return url.host;
  return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, "") || url.protocol;
}
