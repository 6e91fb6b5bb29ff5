import { revokeApiKey } from "@/lib/auth/api-keys/revoke-api-key";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { ACCOUNT_OPERATIONS as operations } from "@/lib/operations/account-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.revokeApiKey, async ({ principal, params }) => {
    await revokeApiKey(principal.userId, params.id);
    return { success: true };
  }),
);
