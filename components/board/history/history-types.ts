/** One entry of GET /api/snaps/:id/history, as the panel reads it. */
export interface HistoryEntry {
  version: number;
  occurredAt: string;
  actor: { type: "user" | "apiKey" | "mcp"; userId: string; name: string | null; apiKeyId: string | null; apiKeyName: string | null };
  summary: string;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  hasMore: boolean;
}
