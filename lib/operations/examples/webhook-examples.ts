import { exampleCard } from "./examples";

/** Webhook examples for the document: an endpoint, a delivery, an event, a signing secret. */
const WEBHOOK_ID = "cm3kb2w9q0007qz8rk1l2m3n4";
const USER_ID = "cm3k9w1a20000qz8r0a1b2c3d";
const AT = "2026-11-21T16:40:55.903Z";
export const EXAMPLE_WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTFhEt7Vh4GqUEk2H/9t+9mXqX2VnEQk=";

export const exampleWebhook = {
  id: WEBHOOK_ID,
  url: "https://hooks.example.com/snap-board",
  events: ["cards.updated", "cards.created"],
  snapId: null,
  description: "Sync to our tracker",
  enabled: true,
  disabledReason: null,
  createdAt: AT,
  updatedAt: AT,
};
export const exampleDelivery = {
  id: "d5f1c6e7a2b3c4d5e6f7a8b9c0d1e2f3a",
  eventId: "evt_Zr8d7Qn0VwJ1pT3aK5mX2g",
  eventType: "cards.updated",
  status: "succeeded",
  attempts: 1,
  lastResponseStatus: 200,
  lastError: null,
  durationMs: 42,
  createdAt: AT,
  nextAttemptAt: null,
};
export const exampleEvent = {
  id: "evt_Zr8d7Qn0VwJ1pT3aK5mX2g",
  type: "cards.updated",
  occurredAt: AT,
  snapId: exampleCard.snapId,
  snapVersion: 12,
  actor: { type: "apiKey", userId: USER_ID, apiKeyId: "cm3k9y7d60006qz8rv6w7x8y9" },
  data: { cards: [exampleCard] },
};
