import type { Principal } from "@/lib/request/principal";

/**
 * Who made a write, as recorded with each snap change: a person in the browser, an API key, or an
 * AI agent over MCP (whatever credential it used). History, webhooks and the event feed report it.
 */
export interface WriteActor {
  type: "user" | "apiKey" | "mcp";
  userId: string;
  /** The key that authenticated the write; null for a browser session. */
  apiKeyId: string | null;
}

export function actorOf(principal: Principal): WriteActor {
  const type = principal.agent === "mcp" ? "mcp" : principal.via === "apiKey" ? "apiKey" : "user";
  return { type, userId: principal.userId, apiKeyId: principal.apiKeyId ?? null };
}
