import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { revokeApiKey } from "@/lib/auth/api-keys/revoke-api-key";
import { json, withPrincipal } from "@/lib/http/route";

export const DELETE = withPrincipal<{ id: string }>(
  async (_request, { principal, params }) => {
    await revokeApiKey(principal.userId, params.id);
    return json({ success: true });
  },
  { sessionOnly: true },
);

export const GET = methodNotAllowed(["DELETE"]);
export const POST = methodNotAllowed(["DELETE"]);
export const PUT = methodNotAllowed(["DELETE"]);
export const PATCH = methodNotAllowed(["DELETE"]);
