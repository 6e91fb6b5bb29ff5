-- shareMode `view` now reads only; `comment` reads and comments (docs/API.md, "Board members").
-- Members of a workspace could comment on a snap shared with it in `view` mode before: those snaps
-- move to `comment`, so that nobody loses a right they had. (A migration of its own: a new enum
-- value cannot be used in the transaction that adds it.)
UPDATE "Snap" SET "shareMode" = 'comment' WHERE "shareMode" = 'view' AND "sharedWithWorkspace";
