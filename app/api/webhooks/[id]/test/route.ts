import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { json, withPrincipal } from "@/lib/http/route";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

export const POST = withPrincipal<{ id: string }>(async (_request, { principal, params }) => {
  const { deliveryId } = await sendTestEvent(principal, params.id);
  return json({ accepted: true, deliveryId }, 202);
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
