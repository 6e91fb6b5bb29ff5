-- A declined board invitation quiets that snap's re-invitations of the email for a while.
CREATE TABLE "DeclinedSnapInvitation" (
    "snapId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DeclinedSnapInvitation_pkey" PRIMARY KEY ("snapId","email")
);

ALTER TABLE "DeclinedSnapInvitation" ADD CONSTRAINT "DeclinedSnapInvitation_snapId_fkey" FOREIGN KEY ("snapId") REFERENCES "Snap"("id") ON DELETE CASCADE ON UPDATE CASCADE;
