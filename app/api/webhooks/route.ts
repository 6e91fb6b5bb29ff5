import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { webhookCreateSchema } from "@/lib/webhooks/webhook-schemas";

/** An integration sets up its own webhooks: a session or an API key. */
export const GET = withPrincipal(async (_request, { principal }) => json({ webhooks: await listWebhooks(principal.userId) }));

export const POST = withPrincipal(async (request, { principal }) => {
  const input = await parseJsonBody(request, webhookCreateSchema);
  return json(await createWebhook(principal, input), 201);
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
