/** The error codes of RFC 6749 §5.2 (token), RFC 7591 §3.2.2 (registration) and RFC 7009. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "invalid_target"
  | "unsupported_token_type"
  | "invalid_client_metadata"
  | "invalid_redirect_uri"
  | "temporarily_unavailable";

/** Thrown by lib/oauth; the OAuth routes answer it as `{ error, error_description }` (never the API's error body). */
export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly status = code === "invalid_client" ? 401 : 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = "OAuthError";
  }
}
