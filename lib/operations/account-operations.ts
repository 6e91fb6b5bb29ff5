import { apiKeysResponseSchema, createApiKeyInputSchema, createdApiKeyResponseSchema } from "@/lib/auth/api-keys/schemas";
import { changePasswordInputSchema, signUpInputSchema, userResponseSchema } from "@/lib/users/schemas";
import { auditExamples } from "@/lib/operations/examples/audit-examples";
import { examples } from "@/lib/operations/examples/examples";
import { accountResponseSchema, accountUpdateSchema, unsubscribeQuerySchema } from "@/lib/users/account-schemas";
import { exampleAccount } from "@/lib/operations/examples/comment-examples";
import { successResponse } from "./success-response";
import { declareOperation } from "./operation";
import { apiKeyIdParam } from "./path-params";

/** The account: sign-up, password, sessions and API keys (the web app). */
export const ACCOUNT_OPERATIONS = {
  listApiKeys: declareOperation({
    method: "get",
    path: "/api/keys",
    operationId: "listApiKeys",
    tag: "API keys",
    summary: "List your API keys",
    description: "Active keys, newest first. API keys cannot manage keys (403).",
    success: { status: 200, description: "Your keys, never their secrets.", schema: apiKeysResponseSchema, example: examples.apiKeysResponse },
    errors: [401, 403],
    access: "session",
  }),
  createApiKey: declareOperation({
    method: "post",
    path: "/api/keys",
    operationId: "createApiKey",
    tag: "API keys",
    summary: "Generate an API key",
    description: "At most 10 active keys (409). The answer is the only time the key is shown.",
    body: { schema: createApiKeyInputSchema, example: examples.apiKeyCreate },
    success: { status: 201, description: "The key, once.", schema: createdApiKeyResponseSchema, example: examples.createdApiKeyResponse },
    errors: [400, 401, 403, 409, 413, 415],
    access: "session",
  }),
  revokeApiKey: declareOperation({
    method: "delete",
    path: "/api/keys/{id}",
    operationId: "revokeApiKey",
    tag: "API keys",
    summary: "Revoke an API key",
    description: "Immediate on every instance: the next request with the key is a 401.",
    pathParams: apiKeyIdParam,
    success: successResponse("Revoked."),
    errors: [401, 403, 404],
    access: "session",
  }),
  signUp: declareOperation({
    method: "post",
    path: "/api/account",
    operationId: "signUp",
    tag: "Account",
    summary: "Sign up",
    description: "The web app's sign-up: same-origin browser requests only (403 otherwise).",
    body: { schema: signUpInputSchema, example: examples.signUp },
    success: { status: 201, description: "The new user.", schema: userResponseSchema, example: examples.userResponse },
    errors: [400, 403, 409, 413, 415, 429],
    access: "same-origin",
  }),
  signOutEverywhere: declareOperation({
    method: "post",
    path: "/api/account/sign-out-everywhere",
    operationId: "signOutEverywhere",
    tag: "Account",
    summary: "Sign out everywhere",
    description:
      "Ends every session of the signed-in user on every instance at its next request, this one included, and closes " +
      "their sessions' event streams. API keys are not affected (revoke them separately).",
    success: successResponse("Signed out everywhere."),
    errors: [401, 403],
    access: "session",
  }),
  changePassword: declareOperation({
    method: "put",
    path: "/api/account/password",
    operationId: "changePassword",
    tag: "Account",
    summary: "Change your password",
    description:
      "Checks the current password (failures count against the sign-in limits: 429), sets the new one and ends every " +
      "session of the user, this one included. An account made by single sign-on may set a first password without one.",
    body: { schema: changePasswordInputSchema, example: auditExamples.changePassword },
    success: successResponse("Changed; sign in again."),
    errors: [400, 401, 403, 413, 415, 429],
    access: "session",
  }),
  getAccount: declareOperation({
    method: "get",
    path: "/api/account",
    operationId: "getAccount",
    tag: "Account",
    summary: "Your account",
    description: "The signed-in user, their email preference for notifications, and whether this server sends email.",
    success: { status: 200, description: "The account.", schema: accountResponseSchema, example: exampleAccount },
    errors: [401],
    access: "key-or-session",
  }),
  updateAccount: declareOperation({
    method: "patch",
    path: "/api/account",
    operationId: "updateAccount",
    tag: "Account",
    summary: "Change your email preference",
    description:
      "`emailNotifications`: `immediately` (default; one email within a minute for what arrived in it), `daily` (a digest at 08:00 UTC) or `never`. " +
      "Connected apps (OAuth tokens) never change the account: 403.",
    body: { schema: accountUpdateSchema, example: { emailNotifications: "daily" } },
    success: { status: 200, description: "The account as changed.", schema: accountResponseSchema, example: exampleAccount },
    errors: [400, 401, 403, 413, 415],
    access: "key-or-session",
    noOAuth: true,
  }),
  unsubscribeEmail: declareOperation({
    method: "post",
    path: "/api/account/unsubscribe",
    operationId: "unsubscribeEmail",
    tag: "Account",
    summary: "One-click unsubscribe (RFC 8058)",
    description:
      "The URL of a notification email's List-Unsubscribe header: a POST (any body; mail clients send `List-Unsubscribe=One-Click`) sets the token's user to `never`, without signing in. 400 for a token this server did not sign.",
    query: unsubscribeQuerySchema,
    success: successResponse("Unsubscribed: no more notification emails."),
    errors: [400],
    access: "public",
  }),
};
