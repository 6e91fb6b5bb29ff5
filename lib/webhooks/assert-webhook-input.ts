import type { Principal } from "@/lib/request/principal";
import { ApiError } from "@/lib/errors/api-error";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import { webhookUrlProblem } from "./check-webhook-url";

/** The URL must be allowed (400 naming `url`) and a snap filter must name a snap the caller can read. */
export async function assertWebhookInput(principal: Principal, input: { url?: string; snapId?: string | null }): Promise<void> {
  if (input.url !== undefined) {
    const problem = await webhookUrlProblem(input.url);
    if (problem) throw new ApiError("BAD_REQUEST", problem, [{ path: "url", message: problem }]);
  }
  if (input.snapId) await getSnapAccessOrThrow(principal, input.snapId, "read");
}
