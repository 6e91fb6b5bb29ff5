import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { json, withPrincipal } from "@/lib/http/route";
import { retryWebhookDelivery } from "@/lib/webhooks/retry-webhook-delivery";

export const POST = withPrincipal<{ id: string; deliveryId: string }>(async (_request, { principal, params }) => {
  await retryWebhookDelivery(principal.userId, params.id, params.deliveryId);
  return json({ accepted: true, deliveryId: params.deliveryId }, 202);
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
