import { z } from "zod";

export const apiKeyNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters");

export const createApiKeyInputSchema = z.strictObject({ name: apiKeyNameSchema });
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** What is ever shown of a key after creation: never the secret, never its hash. */
export const apiKeySummarySelect = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
} as const;
