import type { ApiKeyAccess, WorkspaceRole } from "@/lib/db/generated/enums";

/** Who is calling: the user, their current workspace and role, and how they proved it. */
export interface Principal {
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
  via: "apiKey" | "session" | "oauth";
  apiKeyId?: string;
  /** An API key's access level, or an OAuth token's scopes (`read` alone: `read`): `read` may only read (lib/http/route.ts). */
  access?: ApiKeyAccess;
  /** A session's epoch (lib/auth/load-principal.ts): its streams end when the user's epoch passes it. */
  sessionEpoch?: number;
  /** A session's id (the token's `sid`): its streams end when that one session signs out. */
  sessionId?: string;
  /** An OAuth access token's grant and client (lib/oauth/): its writes are attributed to the app. */
  oauth?: { grantId: string; clientId: string; clientName: string };
  /** Set when the call comes through the MCP endpoint: its writes are attributed to an AI agent. */
  agent?: "mcp";
  /**
   * The API key's row was not read for this request: this process's last read of it stands in.
   * Only for an operation declaring `keyCheckedInStatement`, whose one statement checks the key and
   * writes nothing when it changed (docs/ARCHITECTURE.md, "Single writes"); any read before that
   * statement takes `keyRead(principal)` (lib/single-writes/key-read.ts) first.
   */
  keyUnread?: true;
}
