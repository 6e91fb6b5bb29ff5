import "server-only";
import { countAttempt } from "@/lib/rate-limit/attempt-limiter";
import { clientRegistrationBudget } from "./client-registration-budget";
import { OAuthError } from "./oauth-error";
import { oauthJson } from "./oauth-response";
import { registerClient } from "./register-client";

const MAX_BODY_BYTES = 16 * 1024;

/** POST {registration_endpoint} (RFC 7591): JSON metadata in, 201 with the client's information. */
export async function handleRegistrationRequest(request: Request): Promise<Response> {
  await countAttempt(clientRegistrationBudget(request));
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    throw new OAuthError("invalid_client_metadata", "Send the client metadata as JSON (application/json)");
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new OAuthError("invalid_client_metadata", "The metadata is too large");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OAuthError("invalid_client_metadata", "The body is not valid JSON");
  }
  return oauthJson(await registerClient(body), 201);
}
