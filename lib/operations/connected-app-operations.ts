import { connectedAppsResponseSchema } from "@/lib/oauth/connected-app-schemas";
import { successResponse } from "./success-response";
import { declareOperation } from "./operation";

const exampleApp = {
  id: "cm3k9z0a10007qz8r5t6y7u8i",
  clientId: "service_client_Q2xhdWRlIGRlc2t0b3AgY29ubmVjdG9yIGV4YW1wbGUgaWQ",
  clientName: "Claude",
  scopes: ["read", "write"],
  resource: "https://boards.example.com/api/mcp",
  createdAt: "2026-11-27T09:30:00.000Z",
  lastUsedAt: "2026-11-27T10:02:11.000Z",
};

/** Connected apps: the OAuth grants a person gave (docs/API.md, "OAuth"). The web app's session only. */
export const CONNECTED_APP_OPERATIONS = {
  listConnectedApps: declareOperation({
    method: "get",
    path: "/api/account/connected-apps",
    operationId: "listConnectedApps",
    tag: "Account",
    summary: "List your connected apps",
    description: "Apps you allowed through OAuth that still have access, newest first. API keys and OAuth tokens cannot call this (403).",
    success: { status: 200, description: "Your connected apps, never their tokens.", schema: connectedAppsResponseSchema, example: { apps: [exampleApp] } },
    errors: [401, 403],
    access: "session",
  }),
  revokeConnectedApp: declareOperation({
    method: "delete",
    path: "/api/account/connected-apps/{id}",
    operationId: "revokeConnectedApp",
    tag: "Account",
    summary: "Revoke a connected app",
    description: "Immediate on every instance: the app's next request with any of its tokens is a 401, and its refresh token is refused.",
    pathParams: { id: { description: "The connected app's id (from the list).", example: exampleApp.id } },
    success: successResponse("Revoked."),
    errors: [401, 403, 404],
    access: "session",
  }),
};
