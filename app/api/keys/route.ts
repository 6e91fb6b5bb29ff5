import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { listApiKeys } from "@/lib/auth/api-keys/list-api-keys";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { ACCOUNT_OPERATIONS as operations } from "@/lib/operations/account-operations";

/** Key management is for a signed-in browser only (docs/API.md, "API keys"): an API key gets 403 here. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listApiKeys, async ({ principal }) => ({ apiKeys: await listApiKeys(principal.userId) })),
  implement(operations.createApiKey, async ({ principal, body }) => {
    const { apiKey, secret } = await createApiKey(principal.userId, body);
    return { apiKey: { ...apiKey, key: secret } };
  }),
);
