import { z } from "zod";

export const TOKEN_ENDPOINT_AUTH_METHODS = ["none", "client_secret_basic"] as const;
export const MAX_REDIRECT_URIS = 10;
export const MAX_CLIENT_NAME_LENGTH = 100;

/**
 * RFC 7591 client metadata as this server reads it. Unknown members are ignored (§2); what it does
 * read is checked: a client may only use the code grant (with refresh) and the `code` response type.
 */
export const clientMetadataSchema = z.object({
  redirect_uris: z.array(z.string()).min(1, "At least one redirect URI").max(MAX_REDIRECT_URIS, `At most ${MAX_REDIRECT_URIS} redirect URIs`),
  token_endpoint_auth_method: z.enum(TOKEN_ENDPOINT_AUTH_METHODS).default("client_secret_basic"),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token"], "Only authorization_code and refresh_token"))
    .default(["authorization_code", "refresh_token"]),
  response_types: z.array(z.literal("code", "Only the code response type")).default(["code"]),
  client_name: z.string().trim().min(1).max(MAX_CLIENT_NAME_LENGTH).optional(),
  client_uri: z.string().max(2000).optional(),
  logo_uri: z.string().max(2000).optional(),
  scope: z.string().max(200).optional(),
});
export type ClientMetadata = z.output<typeof clientMetadataSchema>;

/** A client ID metadata document: the same metadata, naming itself as `client_id`; public clients only. */
export const clientMetadataDocumentSchema = z.object({
  client_id: z.string(),
  client_name: z.string().trim().min(1).max(MAX_CLIENT_NAME_LENGTH).optional(),
  redirect_uris: z.array(z.string()).min(1).max(MAX_REDIRECT_URIS),
  logo_uri: z.string().max(2000).optional(),
  token_endpoint_auth_method: z.literal("none").default("none"),
});
