import { passwordSignInEnabled } from "@/lib/auth/oidc/oidc-config";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { ApiError } from "@/lib/http/api-error";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withErrors } from "@/lib/http/route";
import { countAttempt } from "@/lib/rate-limit/attempt-limiter";
import { signUpAttempt } from "@/lib/rate-limit/auth-form-attempts";
import { createUser } from "@/lib/users/create-user";
import { signUpInputSchema } from "@/lib/users/schemas";

/** Sign-up. Public, but browser-only in practice: the same-origin check refuses cross-site posts. */
export const POST = withErrors(async (request) => {
  assertSameOrigin(request);
  if (!passwordSignInEnabled()) throw new ApiError("FORBIDDEN", "Password sign-up is turned off on this server: use single sign-on");
  const input = await parseJsonBody(request, signUpInputSchema);
  // Every attempt counts, per address and per email: 429 past the limit (README, "Rate limits").
  await countAttempt(signUpAttempt(request, input.email));
  const user = await createUser(input);
  return json({ user }, 201);
});

export const GET = methodNotAllowed(["POST"]);

export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
