import type { z } from "zod";
import type { historyEntrySchema, historyResponseSchema } from "@/lib/history/history-schemas";

/** One entry of GET /api/snaps/{id}/history. */
export type HistoryEntry = z.output<typeof historyEntrySchema>;
export type HistoryPage = z.output<typeof historyResponseSchema>;
