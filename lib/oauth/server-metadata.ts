import { OAUTH_PATHS, OAUTH_SCOPES } from "./oauth-config";

/** RFC 9728: what the protected resource at `{base}{resourcePath}` says about itself. */
export function protectedResourceMetadata(base: string, resourcePath: "/api" | "/api/mcp") {
  return {
    resource: `${base}${resourcePath}`,
    authorization_servers: [base],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: resourcePath === "/api/mcp" ? "Snap Board MCP server" : "Snap Board API",
  };
}

/** RFC 8414: the authorization server's metadata (the issuer is `{base}` itself). */
export function authorizationServerMetadata(base: string) {
  return {
    issuer: base,
    authorization_endpoint: `${base}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${base}${OAUTH_PATHS.token}`,
    registration_endpoint: `${base}${OAUTH_PATHS.register}`,
    revocation_endpoint: `${base}${OAUTH_PATHS.revoke}`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none", "client_secret_basic"],
    revocation_endpoint_auth_methods_supported: ["none", "client_secret_basic"],
    scopes_supported: [...OAUTH_SCOPES],
    client_id_metadata_document_supported: true,
    // Client ID metadata documents first; dynamic registration (deprecated by MCP 2026-07-28) still
    // works for clients that know nothing else (docs/API.md, "MCP").
    client_registration_types_preferred: ["client_id_metadata_document", "dynamic"],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/docs`,
  };
}
