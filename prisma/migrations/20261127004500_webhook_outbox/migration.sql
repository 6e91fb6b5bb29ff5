-- CreateTable
CREATE TABLE "WebhookOutbox" (
    "seq" BIGINT NOT NULL,
    "claimedAt" TIMESTAMPTZ(3),

    CONSTRAINT "WebhookOutbox_pkey" PRIMARY KEY ("seq")
);
