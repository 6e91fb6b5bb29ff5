/** An API key as GET /api/keys lists it: never the secret. Dates are ISO strings. */
export interface ApiKeySummary {
  id: string;
  name: string;
  prefix: string;
  /** `read`: GET and the event stream only; every write is refused. */
  access: "full" | "read";
  createdAt: string;
  lastUsedAt: string | null;
}

/** The one response that carries the full key: POST /api/keys. */
export interface CreatedApiKey extends ApiKeySummary {
  key: string;
}

/** Spec 8: how many active keys a user may hold. */
export const MAX_ACTIVE_API_KEYS = 10;
