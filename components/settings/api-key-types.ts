import type { z } from "zod";
import type { apiKeySummarySchema, createdApiKeyResponseSchema } from "@/lib/auth/api-keys/schemas";

/** An API key as GET /api/keys lists it: never the secret. Dates are ISO strings. */
export type ApiKeySummary = z.output<typeof apiKeySummarySchema>;

/** The one response that carries the full key: POST /api/keys. */
export type CreatedApiKey = z.output<typeof createdApiKeyResponseSchema>["apiKey"];
