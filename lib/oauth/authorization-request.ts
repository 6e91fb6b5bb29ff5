import "server-only";
import { findClient, type OAuthClientRecord } from "./find-client";
import { OAUTH_SCOPES, RESOURCE_PATHS, type OAuthScope } from "./oauth-config";
import { matchesRegisteredRedirectUri } from "./redirect-uri";
import type { Attempt } from "@/lib/rate-limit/attempt-limiter";

/** A valid authorization request (RFC 6749 §4.1.1 with PKCE, RFC 8707's resource). */
export interface AuthorizationRequest {
  client: OAuthClientRecord;
  redirectUri: string;
  state: string | null;
  scopes: OAuthScope[];
  resource: string;
  codeChallenge: string;
}

/**
 * An invalid request is never sent back to the client: before a person has seen the consent page
 * nothing says the client and its redirect URI are trusted (anyone may register a client with any
 * https or private-use redirect URI), so a redirect would make this server an open redirector
 * (RFC 9700 §4.11.2). The error is shown on this server's own page, with RFC 6749's code when the
 * client was known, for its developer.
 */
export type AuthorizationCheck = { ok: true; request: AuthorizationRequest } | { ok: false; error: string | null; message: string };

const CODE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;
const SINGLE_PARAMS = ["response_type", "client_id", "redirect_uri", "code_challenge", "code_challenge_method", "state", "scope", "resource"];
const MAX_STATE_LENGTH = 1000;

/** Checks an authorization request's query in the order RFC 6749 says the errors are reported. */
export async function checkAuthorizationRequest(params: URLSearchParams, base: string, fetchBudget?: Attempt): Promise<AuthorizationCheck> {
  const page = (message: string) => ({ ok: false as const, error: null, message });
  const clientId = params.get("client_id");
  if (!clientId) return page("The request names no client (client_id is missing).");
  const client = await findClient(clientId, fetchBudget);
  if (!client) return page("The app that sent you here is not known to this server, or its metadata could not be read.");
  const requested = params.get("redirect_uri");
  const redirectUri = requested ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : null);
  if (!redirectUri) return page("The request names no redirect URI (redirect_uri is missing).");
  if (!matchesRegisteredRedirectUri(redirectUri, client.redirectUris)) return page("The address this app asked to send you back to is not one it registered.");

  const state = params.get("state");
  const fail = (error: string, description: string) => ({
    ok: false as const,
    error,
    message: `The app sent a request this server cannot accept: ${description}.`,
  });
  const repeated = SINGLE_PARAMS.find((name) => params.getAll(name).length > 1);
  if (repeated) return fail("invalid_request", `${repeated} is given more than once`);
  if (state !== null && state.length > MAX_STATE_LENGTH) return fail("invalid_request", `state is longer than ${MAX_STATE_LENGTH} characters`);
  const responseType = params.get("response_type");
  if (!responseType) return fail("invalid_request", "response_type=code is required");
  if (responseType !== "code") return fail("unsupported_response_type", "response_type must be code");
  const method = params.get("code_challenge_method");
  if (method !== "S256")
    return fail("invalid_request", method ? "code_challenge_method must be S256 (plain is not supported)" : "code_challenge_method=S256 is required (PKCE)");
  const codeChallenge = params.get("code_challenge") ?? "";
  if (!CODE_CHALLENGE.test(codeChallenge)) return fail("invalid_request", "code_challenge must be 43 to 128 characters of [A-Za-z0-9._~-]");

  const scopes = parseScopes(params.get("scope"));
  if (!scopes) return fail("invalid_scope", `scope may name only ${OAUTH_SCOPES.join(" and ")}`);
  const resource = params.get("resource") ?? `${base}/api`;
  if (!RESOURCE_PATHS.some((path) => resource === `${base}${path}`)) {
    return fail("invalid_target", `resource must be ${base}/api or ${base}/api/mcp`);
  }
  return { ok: true, request: { client, redirectUri, state, scopes, resource, codeChallenge } };
}

/** `read`, `write` or both (write implies read); omitted or empty: both. Null for any other scope. */
export function parseScopes(value: string | null): OAuthScope[] | null {
  const names = (value ?? "").split(" ").filter(Boolean);
  if (names.length === 0) return [...OAUTH_SCOPES];
  if (!names.every((name): name is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(name))) return null;
  return names.includes("write") ? ["read", "write"] : ["read"];
}

/** The redirect back to the client: its URI with the answer's parameters, `state` and `iss` (RFC 9207). */
export function clientRedirect(redirectUri: string, base: string, state: string | null, answer: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
  if (state !== null) url.searchParams.set("state", state);
  url.searchParams.set("iss", base);
  return url.href;
}

export function authorizationErrorRedirect(redirectUri: string, base: string, state: string | null, error: string, description: string): string {
  return clientRedirect(redirectUri, base, state, { error, error_description: description });
}
