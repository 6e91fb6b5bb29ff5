import { exampleCard, exampleSnap } from "./examples";

const none = { count: 0, ids: [] };
/** An example page of GET /api/snaps/{id}/history. */
export const historyExample = {
  entries: [
    {
      version: 7,
      occurredAt: "2026-11-26T09:30:12.345Z",
      actor: { type: "apiKey", userId: exampleSnap.userId, name: "Ada", apiKeyId: "cm3key00000000000000000001", apiKeyName: "Nightly import" },
      summary: "Moved a card",
      changes: {
        cards: { created: none, updated: { count: 1, ids: [exampleCard.id] }, deleted: none },
        lines: { created: none, updated: none, deleted: none },
        snapFields: [],
      },
    },
  ],
  hasMore: true,
};
