import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { ACCOUNT_OPERATIONS as operations } from "@/lib/operations/account-operations";
import { signOutEverywhere } from "@/lib/users/sign-out-everywhere";

/** Ends every session of the signed-in user on every instance, this one included; API keys stay. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.signOutEverywhere, async ({ principal }) => {
    await signOutEverywhere(principal.userId);
    return { success: true };
  }),
);
