/** The OAuth authorization server's fixed figures (docs/API.md, "OAuth"). */
export const OAUTH_SCOPES = ["read", "write"] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export const ACCESS_TOKEN_SECONDS = 3600;
/** A refresh token lives this long after its last use (each use issues a new one). */
export const REFRESH_TOKEN_SECONDS = 30 * 86_400;
export const CODE_SECONDS = 60;
/** A dynamically registered client that never got a grant is deleted this long after registering. */
export const UNUSED_CLIENT_DAYS = 30;
/**
 * A client ID metadata document: at most this big; cached at least long enough for one
 * authorization (sign-in, consent, the code exchange: `no-store` would fetch it at each step) and
 * at most a day; at most this many documents not yet used for a grant are kept, in memory.
 */
export const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;
export const METADATA_DOCUMENT_MIN_CACHE_SECONDS = 600;
export const METADATA_DOCUMENT_MAX_CACHE_SECONDS = 86_400;
export const METADATA_DOCUMENT_CACHE_ENTRIES = 1_000;
export const METADATA_DOCUMENT_TIMEOUT_MS = 5_000;

/** Where the endpoints are, below `{base}`. */
export const OAUTH_PATHS = {
  authorize: "/oauth/authorize",
  consent: "/oauth/consent",
  token: "/oauth/token",
  register: "/oauth/register",
  revoke: "/oauth/revoke",
} as const;

/** The two resources (RFC 8707) a token may be for, below `{base}`: all of the API, or MCP only. */
export const RESOURCE_PATHS = ["/api", "/api/mcp"] as const;
