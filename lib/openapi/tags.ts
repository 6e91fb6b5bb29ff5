import { WEBHOOK_TAG } from "./webhook-document";

/** The document's tags, in the order /docs shows them; every operation names one. */
export const TAGS = [
  { name: "Snaps", description: "Grid boards: list, read, create, update, delete." },
  { name: "Cards", description: "The cells of a snap: singly, in batches of up to 100, or up to 5,000 as one change; tables of titles." },
  { name: "Lines", description: "Lines between two cards of a snap (extension)." },
  { name: "Templates", description: "Boards to start a snap from: built-in and saved by your workspace (extension)." },
  { name: "Live", description: "Live updates of a snap: its change events and who views it (extension)." },
  { name: "History", description: "Who changed a snap and how, any recent version, and restore (extension)." },
  { name: "Search", description: "Full-text search across every board you can read (extension)." },
  { name: "Comments", description: "Comments and threads on snaps and cards, with @mentions (extension)." },
  { name: "Notifications", description: "Your inbox of mentions, replies and comments, and its live stream (extension)." },
  { name: "Members", description: "A board's people and their roles, guests, invitations by email, boards shared with you (extension)." },
  { name: "Folders", description: "Folders of the workspace (extension)." },
  { name: "Workspace", description: "The caller's workspace, its members and the invitations it sent." },
  { name: "Invitations", description: "Your invitations into other workspaces and onto boards: accept or decline." },
  { name: "API keys", description: "Key management: the web app's session only." },
  { name: "Account", description: "Sign-up, password, signing out everywhere (the web app); email preference and unsubscribe." },
  WEBHOOK_TAG,
  { name: "MCP", description: "The Model Context Protocol server for AI agents (Streamable HTTP)." },
  { name: "System", description: "Health, this document and the benchmark's baseline." },
] as const;
