import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { signInAttempt } from "@/lib/rate-limit/auth-form-attempts";
import { changePassword } from "@/lib/users/change-password";
import { changePasswordInputSchema } from "@/lib/users/schemas";

/** A signed-in browser changes its user's password; every session of the user ends (sign in again). */
export const PUT = withPrincipal(
  async (request, { principal }) => {
    const input = await parseJsonBody(request, changePasswordInputSchema);
    await changePassword(principal.userId, input, (email) => signInAttempt(request, email));
    return json({ success: true });
  },
  { sessionOnly: true },
);

export const GET = methodNotAllowed(["PUT"]);
export const POST = methodNotAllowed(["PUT"]);
export const PATCH = methodNotAllowed(["PUT"]);
export const DELETE = methodNotAllowed(["PUT"]);
