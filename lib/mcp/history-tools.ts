import { z } from "zod";
import { getSnapVersion } from "@/lib/history/get-snap-version";
import { historyArgsSchema, historyResponseSchema, restoreSchema } from "@/lib/history/history-schemas";
import { listSnapHistory } from "@/lib/history/list-snap-history";
import { restoreSnapVersion } from "@/lib/history/restore-snap-version";
import { snapResponseSchema } from "@/lib/snaps/snap-schemas";
import { idSchema } from "@/lib/validation/common";
import { HISTORY_OPERATIONS } from "@/lib/operations/history-operations";
import type { McpTool } from "./mcp-tools";
import { operationArguments } from "./operation-arguments";

const typed = <I extends z.ZodType>(definition: McpTool<I>) => definition as unknown as McpTool;
const snapIdField = { id: idSchema.describe("The snap id.") };

/** History and restore, over the same schemas and lib functions as their routes. */
export const HISTORY_TOOLS: readonly McpTool[] = [
  typed({
    name: "get_snap_history",
    title: "Get a snap's history",
    description:
      "Who changed a snap (a person, an API key or an AI agent), when, and what, newest first; page with `before` = the last entry's version. Same as GET /api/snaps/{id}/history.",
    input: z.strictObject({ ...snapIdField, ...historyArgsSchema.shape }),
    output: historyResponseSchema,
    annotations: { readOnlyHint: true },
    run: (principal, { id, ...args }) => listSnapHistory(principal, id, args),
  }),
  typed({
    name: "get_snap_version",
    title: "Get a snap at a version",
    description: "A snap exactly as it was at one version of its history. Same as GET /api/snaps/{id}/versions/{version}.",
    input: z.strictObject({ ...snapIdField, ...restoreSchema.shape }),
    output: snapResponseSchema,
    annotations: { readOnlyHint: true },
    run: async (principal, { id, version }) => ({ snap: await getSnapVersion(principal, id, version) }),
  }),
  typed({
    name: "restore_snap_version",
    title: "Restore a snap version",
    description:
      "Puts a snap's cards, lines and content fields back as they were at a version, as one new write (undo it by restoring the version before). Same as POST /api/snaps/{id}/restore.",
    input: operationArguments(HISTORY_OPERATIONS.restoreSnapVersion),
    output: HISTORY_OPERATIONS.restoreSnapVersion.success.schema,
    annotations: { destructiveHint: true },
    run: async (principal, { id, version }) => ({ snap: await restoreSnapVersion(principal, id, version) }),
  }),
];
