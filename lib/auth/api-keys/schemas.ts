import { z } from "zod";
import { idSchema, timestampSchema } from "@/lib/validation/common";

export const apiKeyNameSchema = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters");

/** `full`: the user's own permissions; `read`: GET and the event stream only (docs/SECURITY.md). */
export const apiKeyAccessSchema = z.enum(["full", "read"], { error: 'Expected "full" or "read"' });
export type ApiKeyAccessLevel = z.infer<typeof apiKeyAccessSchema>;

export const createApiKeyInputSchema = z.strictObject({
  name: apiKeyNameSchema,
  access: apiKeyAccessSchema.default("full").describe("`full` (default) or `read`: GET and the event stream only."),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** What is ever shown of a key after creation: never the secret, never its hash. */
export const apiKeySummarySelect = {
  id: true,
  name: true,
  prefix: true,
  access: true,
  createdAt: true,
  lastUsedAt: true,
} as const;

/** A key as GET /api/keys lists it (apiKeySummarySelect): never the secret. */
export const apiKeySummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  prefix: z.string().describe("The key's first 20 characters."),
  access: apiKeyAccessSchema.describe("`full`: the user's permissions; `read`: every write is 403."),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable().describe("Kept within a minute."),
});

export const apiKeysResponseSchema = z.object({ apiKeys: z.array(apiKeySummarySchema).describe("Active keys, newest first.") });

/** POST /api/keys: the only response that ever carries the key itself. */
export const createdApiKeyResponseSchema = z.object({
  apiKey: apiKeySummarySchema.extend({
    key: z
      .string()
      .regex(/^service_sk_[A-Za-z0-9_-]+$/)
      .describe("Shown once: store it now."),
  }),
});
