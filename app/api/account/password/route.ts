import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { ACCOUNT_OPERATIONS as operations } from "@/lib/operations/account-operations";
import { signInAttempt } from "@/lib/rate-limit/auth-form-attempts";
import { changePassword } from "@/lib/users/change-password";

/** Every session of the user ends, this one included (sign in again). */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.changePassword, async ({ request, principal, body }) => {
    await changePassword(principal.userId, body, (email) => signInAttempt(request, email));
    return { success: true };
  }),
);
