import { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import { createCardsBatch } from "@/lib/cards/create-cards-batch";
import { deleteCard } from "@/lib/cards/delete-card";
import { updateCardsBatch } from "@/lib/cards/update-cards-batch";
import { eventFeedArgsSchema, eventFeedResponseSchema } from "@/lib/events/event-schemas";
import { listFeedEvents } from "@/lib/events/list-feed-events";
import { createSnap } from "@/lib/snaps/create-snap";
import { deleteSnap } from "@/lib/snaps/delete-snap";
import { getSnapOrThrow } from "@/lib/snaps/get-snap-or-throw";
import { listWorkspaceSnaps } from "@/lib/snaps/list-workspace-snaps";
import { snapCreateSchema, snapResponseSchema, workspaceSnapsArgsSchema, workspaceSnapsResponseSchema } from "@/lib/snaps/snap-schemas";
import { updateSnap } from "@/lib/snaps/update-snap";
import { CARD_OPERATIONS } from "@/lib/operations/card-operations";
import { SNAP_OPERATIONS } from "@/lib/operations/snap-operations";
import { operationArguments } from "./operation-arguments";
import { TRANSFER_TOOLS } from "./transfer-tools";
import { HISTORY_TOOLS } from "./history-tools";

interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
}

/** One MCP tool: the same zod schemas and lib functions as the REST route it mirrors. */
export interface McpTool<I extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: z.ZodType;
  annotations: ToolAnnotations;
  run: (principal: Principal, input: z.output<I>) => Promise<unknown>;
}

function tool<I extends z.ZodType>(definition: McpTool<I>): McpTool {
  return definition as unknown as McpTool;
}

export const MCP_TOOLS: readonly McpTool[] = [
  tool({
    name: "list_snaps",
    title: "List snaps",
    description:
      "Snaps visible in your workspace (yours and those shared with the workspace), as summaries with the first 9 cards, filtered, sorted and paginated. Same as GET /api/v1/workspace/snaps.",
    input: workspaceSnapsArgsSchema,
    output: workspaceSnapsResponseSchema,
    annotations: { readOnlyHint: true },
    run: (principal, args) => listWorkspaceSnaps(principal, args),
  }),
  tool({
    name: "get_snap",
    title: "Get a snap",
    description: "One snap with all its cards (grid order), lines and folder. Same as GET /api/snaps/{id}.",
    input: operationArguments(SNAP_OPERATIONS.getSnap),
    output: SNAP_OPERATIONS.getSnap.success.schema,
    annotations: { readOnlyHint: true },
    run: async (principal, { id }) => ({ snap: await getSnapOrThrow(principal, id) }),
  }),
  tool({
    name: "create_snap",
    title: "Create a snap",
    description:
      "A new snap with a grid of rows x cols empty cards (default 1 x 1); read the card ids from the answer and fill them with update_cards. Same as POST /api/snaps.",
    input: snapCreateSchema,
    output: snapResponseSchema,
    annotations: {},
    run: async (principal, input) => ({ snap: await createSnap(principal, input) }),
  }),
  tool({
    name: "update_snap",
    title: "Update a snap",
    description: "Changes the given fields of a snap; sharing fields need the owner or a workspace admin. Same as PATCH /api/snaps/{id}.",
    input: operationArguments(SNAP_OPERATIONS.updateSnap),
    output: SNAP_OPERATIONS.updateSnap.success.schema,
    annotations: { idempotentHint: true },
    run: async (principal, { id, ...changes }) => ({ snap: await updateSnap(principal, id, changes) }),
  }),
  tool({
    name: "delete_snap",
    title: "Delete a snap",
    description: "Deletes a snap with its cards and lines (owner or workspace admin). Same as DELETE /api/snaps/{id}.",
    input: operationArguments(SNAP_OPERATIONS.deleteSnap),
    output: SNAP_OPERATIONS.deleteSnap.success.schema,
    annotations: { destructiveHint: true, idempotentHint: true },
    run: async (principal, { id }) => {
      await deleteSnap(principal, id);
      return { success: true };
    },
  }),
  tool({
    name: "create_cards",
    title: "Create cards",
    description: "1 to 100 cards, each naming its snap, all or nothing. Same as POST /api/snaps/cards/batch.",
    input: operationArguments(CARD_OPERATIONS.createCards),
    output: CARD_OPERATIONS.createCards.success.schema,
    annotations: {},
    run: async (principal, { cards }) => ({ cards: await createCardsBatch(principal, cards) }),
  }),
  tool({
    name: "update_cards",
    title: "Update cards",
    description: "1 to 100 partial card updates, each naming its card id once, all or nothing. Same as PATCH /api/snaps/cards/batch.",
    input: operationArguments(CARD_OPERATIONS.updateCards),
    output: CARD_OPERATIONS.updateCards.success.schema,
    annotations: { idempotentHint: true },
    run: async (principal, { updates }) => ({ cards: await updateCardsBatch(principal, updates) }),
  }),
  tool({
    name: "delete_card",
    title: "Delete a card",
    description: "Deletes one card and the lines touching it. Same as DELETE /api/snaps/cards/{id}.",
    input: operationArguments(CARD_OPERATIONS.deleteCard),
    output: CARD_OPERATIONS.deleteCard.success.schema,
    annotations: { destructiveHint: true, idempotentHint: true },
    run: async (principal, { id }) => {
      await deleteCard(principal, id);
      return { success: true };
    },
  }),
  ...TRANSFER_TOOLS,
  ...HISTORY_TOOLS,
  tool({
    name: "list_events",
    title: "List events",
    description:
      "What changed in the snaps you can read, oldest first: snap, card and line events with who made them. Pass nextCursor back as after to get only what is new since. Same as GET /api/events.",
    input: eventFeedArgsSchema,
    output: eventFeedResponseSchema,
    annotations: { readOnlyHint: true },
    run: (principal, args) => listFeedEvents(principal, args),
  }),
];
