import type { Principal } from "@/lib/request/principal";

/**
 * Who made a write, as recorded with each snap change: a person in the browser, an API key, an
 * AI agent over MCP (whatever key it used), or a connected app with an OAuth access token (MCP or
 * not). History, webhooks, the event feed and live updates report it.
 */
export interface WriteActor {
  type: "user" | "apiKey" | "mcp" | "oauthApp";
  userId: string;
  /** The key that authenticated the write; null for a browser session or an OAuth token. */
  apiKeyId: string | null;
  /** The OAuth client of an `oauthApp` write; null otherwise. */
  clientId: string | null;
}

export function actorOf(principal: Principal): WriteActor {
  if (principal.via === "oauth") return { type: "oauthApp", userId: principal.userId, apiKeyId: null, clientId: principal.oauth?.clientId ?? null };
  const type = principal.agent === "mcp" ? "mcp" : principal.via === "apiKey" ? "apiKey" : "user";
  return { type, userId: principal.userId, apiKeyId: principal.apiKeyId ?? null, clientId: null };
}
