import { exampleCard, exampleFolder, exampleLine, exampleSnap, examples } from "@/lib/operations/examples/examples";
import { transferExamples } from "@/lib/operations/examples/transfer-examples";
import { exampleWebhook } from "./examples/webhook-examples";
import type { PathParamSpec } from "./operation";

/** The `{id}`s of the paths, each with an example a generated test suite can send. */
export const snapIdParam = { id: { description: "The snap id.", example: exampleSnap.id } } satisfies Record<string, PathParamSpec>;
export const cardIdParam = { id: { description: "The card id.", example: exampleCard.id } } satisfies Record<string, PathParamSpec>;
export const lineIdParam = { id: { description: "The line id.", example: exampleLine.id } } satisfies Record<string, PathParamSpec>;
export const folderIdParam = { id: { description: "The folder id.", example: exampleFolder.id } } satisfies Record<string, PathParamSpec>;
export const importJobIdParam = {
  id: { description: "The import job's id (its 202 answer's job.id).", example: "cl9z8y7x6w5v4u3t2s1r0q9p8" },
} satisfies Record<string, PathParamSpec>;
export const templateIdParam = { id: { description: "The template id.", example: transferExamples.template.id } } satisfies Record<string, PathParamSpec>;
export const apiKeyIdParam = {
  id: { description: "The key's id (from the list).", example: examples.apiKeysResponse.apiKeys[0].id },
} satisfies Record<string, PathParamSpec>;
export const memberUserIdParam = {
  userId: { description: "The member's user id.", example: examples.memberResponse.member.id },
} satisfies Record<string, PathParamSpec>;
export const webhookIdParam = { id: { description: "The webhook id.", example: exampleWebhook.id } } satisfies Record<string, PathParamSpec>;
export const invitationIdParam = {
  id: { description: "The invitation id.", example: examples.invitationResponse.invitation.id },
} satisfies Record<string, PathParamSpec>;
