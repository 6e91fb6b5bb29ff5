import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseQuery } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";
import { webhookDeliveriesQuerySchema } from "@/lib/webhooks/webhook-schemas";

export const GET = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const { limit } = parseQuery(request, webhookDeliveriesQuerySchema);
  return json({ deliveries: await listWebhookDeliveries(principal.userId, params.id, limit) });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
