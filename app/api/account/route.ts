import { passwordSignUpEnabled } from "@/lib/auth/oidc/oidc-config";
import { ApiError } from "@/lib/errors/api-error";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { ACCOUNT_OPERATIONS as operations } from "@/lib/operations/account-operations";
import { countAttempt } from "@/lib/rate-limit/attempt-limiter";
import { signUpAttempt } from "@/lib/rate-limit/auth-form-attempts";
import { createUser } from "@/lib/users/create-user";
import { getAccount } from "@/lib/users/get-account";
import { updateAccount } from "@/lib/users/update-account";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.signUp, async ({ request, body }) => {
    if (!passwordSignUpEnabled()) throw new ApiError("FORBIDDEN", "Password sign-up is turned off on this server: use single sign-on");
    // Every attempt counts, per address and per email: 429 past the limit (docs/API.md, "Rate limits").
    await countAttempt(signUpAttempt(request, body.email));
    return { user: await createUser(body) };
  }),
  implement(operations.getAccount, async ({ principal }) => getAccount(principal)),
  implement(operations.updateAccount, async ({ principal, body }) => updateAccount(principal, body)),
);
