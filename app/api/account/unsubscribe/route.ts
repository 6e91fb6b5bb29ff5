import { unsubscribe } from "@/lib/email/unsubscribe";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { ACCOUNT_OPERATIONS as operations } from "@/lib/operations/account-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.unsubscribeEmail, async ({ query }) => {
    await unsubscribe(query.token);
    return { success: true as const };
  }),
);
