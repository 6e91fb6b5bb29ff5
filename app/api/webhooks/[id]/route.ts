import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { getOwnWebhookOrThrow } from "@/lib/webhooks/get-own-webhook-or-throw";
import { updateWebhook } from "@/lib/webhooks/update-webhook";
import { webhookUpdateSchema } from "@/lib/webhooks/webhook-schemas";

export const GET = withPrincipal<{ id: string }>(async (_request, { principal, params }) =>
  json({ webhook: await getOwnWebhookOrThrow(principal.userId, params.id) }),
);

export const PATCH = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const input = await parseJsonBody(request, webhookUpdateSchema);
  return json({ webhook: await updateWebhook(principal, params.id, input) });
});

export const DELETE = withPrincipal<{ id: string }>(async (_request, { principal, params }) => {
  await deleteWebhook(principal, params.id);
  return json({ success: true });
});

export const POST = methodNotAllowed(["GET", "PATCH", "DELETE"]);
export const PUT = methodNotAllowed(["GET", "PATCH", "DELETE"]);
