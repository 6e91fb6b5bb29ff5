import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { json, withPrincipal } from "@/lib/http/route";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

export const POST = withPrincipal<{ id: string }>(async (_request, { principal, params }) =>
  json({ secret: await rotateWebhookSecret(principal.userId, params.id) }),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
