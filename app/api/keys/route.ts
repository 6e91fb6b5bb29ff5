import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { listApiKeys } from "@/lib/auth/api-keys/list-api-keys";
import { createApiKeyInputSchema } from "@/lib/auth/api-keys/schemas";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";

/** Key management is for a signed-in browser only (DESIGN): an API key gets 403 here. */
export const GET = withPrincipal(async (_request, { principal }) => json({ apiKeys: await listApiKeys(principal.userId) }), {
  sessionOnly: true,
});

export const POST = withPrincipal(
  async (request, { principal }) => {
    const input = await parseJsonBody(request, createApiKeyInputSchema);
    const { apiKey, secret } = await createApiKey(principal.userId, input);
    return json({ apiKey: { ...apiKey, key: secret } }, 201);
  },
  { sessionOnly: true },
);

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
