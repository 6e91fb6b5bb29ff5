-- An access token issued for fewer scopes than its grant's (a refresh asking for a narrower scope).
ALTER TABLE "OAuthToken" ADD COLUMN "scopes" VARCHAR(32);

-- Connected apps may no longer set up webhooks (docs/SECURITY.md, "Connected apps"): those an app
-- made stop delivering; their owner may enable them again.
UPDATE "Webhook" AS w SET enabled = false, "disabledReason" = 'Set up by a connected app, which may no longer do so: enable it if you want it'
FROM "AuditEvent" AS a
WHERE a.action = 'webhook.created' AND a."actorType" = 'oauthApp' AND a."targetId" = w.id AND w.enabled;

-- A declined invitation quiets its workspace's re-invitations of that email for a while.
CREATE TABLE "DeclinedInvitation" (
    "workspaceId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DeclinedInvitation_pkey" PRIMARY KEY ("workspaceId","email")
);

ALTER TABLE "DeclinedInvitation" ADD CONSTRAINT "DeclinedInvitation_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
