import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { json, withPrincipal } from "@/lib/http/route";
import { signOutEverywhere } from "@/lib/users/sign-out-everywhere";

/** Ends every session of the signed-in user on every instance, this one included; API keys stay. */
export const POST = withPrincipal(
  async (_request, { principal }) => {
    await signOutEverywhere(principal.userId);
    return json({ success: true });
  },
  { sessionOnly: true },
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
