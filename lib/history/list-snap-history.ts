import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import { cardsToName, historyChangesOf, summarizeHistoryChange } from "./describe-history-change";
import type { HistoryChange } from "./history-change";
import { historyRetentionDays, MIN_VERSIONS_KEPT } from "./history-config";
import type { HistoryArgs, HistoryEntry } from "./history-schemas";
import { changeOutlineSql } from "./change-outline-sql";

interface EntryRow {
  version: number;
  occurredAt: Date;
  actorType: "user" | "apiKey" | "mcp" | "oauthApp";
  actorUserId: string;
  actorApiKeyId: string | null;
  actorClientId: string | null;
  clientName: string | null;
  actorName: string | null;
  apiKeyName: string | null;
  /** The change's outline (SnapHistory.outline): its ids and field names, no values. */
  change: HistoryChange;
}

/**
 * GET /api/snaps/:id/history (read access): the retained versions before `before`, newest first,
 * with who wrote each (names read now, from User and ApiKey) and what it did.
 */
export async function listSnapHistory(
  principal: Principal,
  snapId: string,
  { limit, before }: HistoryArgs,
): Promise<{ entries: HistoryEntry[]; hasMore: boolean }> {
  await getSnapAccessOrThrow(principal, snapId, "read");
  const rows = await db.$queryRawUnsafe<EntryRow[]>(LIST_SQL, snapId, before ?? null, limit + 1, historyRetentionDays(), MIN_VERSIONS_KEPT);
  const shown = rows.slice(0, limit);
  const titles = await cardTitles(
    snapId,
    shown.flatMap((row) => cardsToName(row.change)),
  );
  const entries = shown.map((row) => ({
    version: row.version,
    occurredAt: row.occurredAt.toISOString(),
    actor: {
      type: row.actorType,
      userId: row.actorUserId,
      name: row.actorName,
      apiKeyId: row.actorApiKeyId,
      apiKeyName: row.apiKeyName,
      ...(row.actorType === "oauthApp" ? { clientId: row.actorClientId ?? "", clientName: row.clientName ?? "Removed app" } : {}),
    },
    summary: summarizeHistoryChange(row.change, (cardId) => titles.get(cardId)),
    changes: historyChangesOf(row.change),
  }));
  return { entries, hasMore: rows.length > limit };
}

/** The titles, as they are now, of the cards the summaries name (a deleted card has none). */
async function cardTitles(snapId: string, cardIds: string[]): Promise<Map<string, string>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db.$queryRawUnsafe<{ id: string; title: string }[]>(`SELECT id, title FROM "Card" WHERE "snapId" = $1 AND id = ANY($2::text[])`, snapId, [
    ...new Set(cardIds),
  ]);
  return new Map(rows.map((row) => [row.id, row.title]));
}

// $1 snap, $2 before (or null), $3 limit + 1, $4 retention days, $5 versions kept whatever their age.
const LIST_SQL = `
  SELECT h.version, h."occurredAt", h."actorType", h."actorUserId", h."actorApiKeyId", h."actorClientId",
    COALESCE(u.name, u.email) AS "actorName", k.name AS "apiKeyName", c.name AS "clientName", COALESCE(h.outline, ${changeOutlineSql("h.change")}) AS change
  FROM "SnapHistory" AS h
    JOIN "Snap" AS s ON s.id = h."snapId"
    LEFT JOIN "User" AS u ON u.id = h."actorUserId"
    LEFT JOIN "ApiKey" AS k ON k.id = h."actorApiKeyId"
    LEFT JOIN "OAuthClient" AS c ON c.id = h."actorClientId"
  WHERE h."snapId" = $1 AND ($2::int IS NULL OR h.version < $2::int)
    AND (h.version > s.version - $5::int OR h."occurredAt" >= now() - make_interval(days => $4::int))
  ORDER BY h.version DESC
  LIMIT $3::int`;
