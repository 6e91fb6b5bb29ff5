import type { WorkspaceRole } from "@/lib/db/generated/enums";

/** Who is calling: the user, their current workspace and role, and how they proved it. */
export interface Principal {
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
  via: "apiKey" | "session";
  apiKeyId?: string;
  /** Set when the call comes through the MCP endpoint: its writes are attributed to an AI agent. */
  agent?: "mcp";
}
