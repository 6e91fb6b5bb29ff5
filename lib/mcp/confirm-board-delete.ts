import "server-only";
import { acceptedContent, inputRequired, inputResponse, type CallToolResult, type InputRequiredResult, type ServerContext } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Principal } from "@/lib/request/principal";
import { ApiError } from "@/lib/errors/api-error";
import { getSnapOrThrow } from "@/lib/snaps/get-snap-or-throw";
import { toolError } from "./call-mcp-tool";
import { clientCapabilitiesOf } from "./client-capabilities";

const confirmationSchema = z.object({ confirm: z.boolean().describe("Delete the board and everything on it") });

/**
 * delete_snap for a 2026-07-28 client that can ask its person (elicitation): a board with content
 * is deleted only once the person confirms, by the revision's input request (multi round-trip).
 * Null when the deletion goes ahead: an empty board, a confirmation, a client that cannot ask
 * (it deletes as before), or a board the caller cannot read (the deletion's own error follows).
 */
export async function confirmBoardDelete(principal: Principal, args: unknown, ctx: ServerContext): Promise<InputRequiredResult | CallToolResult | null> {
  if (!clientCapabilitiesOf(ctx)?.elicitation) return null;
  const snapId = (args as { id?: unknown } | undefined)?.id;
  if (typeof snapId !== "string") return null;
  const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
  if (answer.kind === "elicit") {
    if (acceptedContent(ctx.mcpReq.inputResponses, "confirm", confirmationSchema)?.confirm === true) return null;
    return toolError(new ApiError("PRECONDITION_FAILED", "Not deleted: the deletion was not confirmed"));
  }
  let snap;
  try {
    snap = await getSnapOrThrow(principal, snapId);
  } catch {
    return null;
  }
  const filled = snap.cards.filter((card) => card.title !== "" || card.note !== "").length;
  if (filled === 0 && snap.lines.length === 0) return null;
  return inputRequired({
    inputRequests: {
      confirm: inputRequired.elicit({
        message: `Delete the board "${snap.title}" with ${filled} filled card${filled === 1 ? "" : "s"} and ${snap.lines.length} line${snap.lines.length === 1 ? "" : "s"}? Its history goes with it.`,
        requestedSchema: confirmationSchema,
      }),
    },
  });
}
