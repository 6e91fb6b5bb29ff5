import { z } from "zod";
import { idSchema, timestampSchema } from "@/lib/validation/common";
import { OAUTH_SCOPES } from "./oauth-config";

/** A connected app: one grant a person gave an OAuth client (never a token). */
export const connectedAppSchema = z.object({
  id: idSchema.describe("The grant's id: DELETE /api/account/connected-apps/{id} revokes it."),
  clientId: z.string().describe("The app's OAuth client_id (service_client_…, or the URL of its metadata document)."),
  clientName: z.string().describe("The app's name as it registered it (unverified for a dynamically registered app)."),
  scopes: z.array(z.enum(OAUTH_SCOPES)).describe("`read`, or `read` and `write`."),
  resource: z.string().describe("What its tokens may be used on: `{base}/api` (all of the API) or `{base}/api/mcp` (MCP only)."),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable().describe("May lag by up to a minute."),
});

export const connectedAppsResponseSchema = z.object({
  apps: z.array(connectedAppSchema).describe("Apps with access now, newest first (at most 100)."),
});
