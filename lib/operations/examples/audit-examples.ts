/** Examples of the audit log and account security (tests/api/openapi.test.ts checks them against their schemas). */
export const auditExamples = {
  auditLogResponse: {
    entries: [
      {
        id: "cm3kb1z9k0001qz8r7y6t5r4e",
        action: "apikey.created",
        occurredAt: "2026-11-21T16:40:55.903Z",
        actor: { type: "user", userId: "cm3k9w1a20000qz8r0a1b2c3d", name: "Ada", apiKeyId: null, apiKeyName: null },
        target: { type: "api_key", id: "cm3k9y7d60006qz8rv6w7x8y9", name: "Deploy script" },
        ip: "203.0.113.7",
      },
      {
        id: "cm3kb1z9k0000qz8r1q2w3e4r",
        action: "snap.made_public",
        occurredAt: "2026-11-21T16:12:08.441Z",
        actor: { type: "api_key", userId: "cm3k9w1a20000qz8r0a1b2c3d", name: "Ada", apiKeyId: "cm3k9y7d60005qz8rq1w2e3r4", apiKeyName: "Agent" },
        target: { type: "snap", id: "cm3k9x2f70001qz8r5t1v2w3y", name: "Q4 roadmap" },
        ip: "203.0.113.7",
      },
    ],
    nextCursor: "MjAyNi0xMS0yMVQxNjoxMjowOC40NDFafGNtM2tiMXo5azAwMDBxejhyMXEydzNlNHI",
  },
  changePassword: { currentPassword: "correct-horse-42", newPassword: "battery-staple-97" },
} as const;
