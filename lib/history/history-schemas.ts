import { z } from "zod";
import { idSchema, intInRange, timestampSchema } from "@/lib/validation/common";

const MAX_VERSION = 2 ** 31 - 1;
const versionSchema = intInRange(1, MAX_VERSION);
const versionText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "Expected a snap version (a whole number from 1)")
  .transform(Number)
  .pipe(versionSchema);

/** GET /api/snaps/:id/history as typed arguments (MCP's get_snap_history, the OpenAPI parameters). */
export const historyArgsSchema = z.strictObject({
  limit: intInRange(1, 100).default(20).describe("Entries per page, newest first."),
  before: versionSchema.optional().describe("Only versions before this one: the last entry's version, for the next page."),
});
export type HistoryArgs = z.infer<typeof historyArgsSchema>;

/** The same arguments read from query-string text. */
export const historyQuerySchema = z.strictObject({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "Expected a whole number")
    .transform(Number)
    .pipe(intInRange(1, 100))
    .default(20)
    .describe(historyArgsSchema.shape.limit.description!),
  before: versionText.optional().describe(historyArgsSchema.shape.before.description!),
});

/** The :version of GET /api/snaps/:id/versions/:version. */
export const versionParamSchema = z.strictObject({ version: versionText });

/** POST /api/snaps/:id/restore. */
export const restoreSchema = z.strictObject({ version: versionSchema.describe("The version to restore the snap to.") });
export type RestoreInput = z.infer<typeof restoreSchema>;

export const actorSchema = z.object({
  type: z
    .enum(["user", "apiKey", "mcp", "oauthApp"])
    .describe(
      "user: the web app (a session); apiKey: a script with an API key; mcp: an AI agent through /api/mcp with a key; oauthApp: a connected app with an OAuth token.",
    ),
  userId: idSchema,
  name: z.string().nullable().describe("The user's display name (their email when they gave no name); null if the user is gone."),
  apiKeyId: idSchema.nullable(),
  apiKeyName: z.string().nullable().describe("The key's name as its user gave it; null for a session or a deleted key."),
  clientId: z.string().optional().describe("`oauthApp` only: the app's OAuth client_id."),
  clientName: z.string().optional().describe("`oauthApp` only: the app's name."),
});

const touchedSchema = z.object({
  count: z.number().int().min(0),
  ids: z.array(idSchema).describe("At most 100; count is the full number."),
});
const touchedKindsSchema = z.object({ created: touchedSchema, updated: touchedSchema, deleted: touchedSchema });

export const historyChangesSchema = z.object({
  cards: touchedKindsSchema,
  lines: touchedKindsSchema,
  snapFields: z.array(z.string()).describe("The snap fields this version changed."),
});
export type HistoryChanges = z.infer<typeof historyChangesSchema>;

export const historyEntrySchema = z.object({
  version: z.number().int().min(1),
  occurredAt: timestampSchema,
  actor: actorSchema,
  summary: z
    .string()
    .describe(
      'A short sentence: "Moved “Venue”" (up to three cards named by their titles as they are now), "Moved 12 cards", "Renamed the snap", "Restored version 12".',
    ),
  changes: historyChangesSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyResponseSchema = z.object({ entries: z.array(historyEntrySchema), hasMore: z.boolean() });
