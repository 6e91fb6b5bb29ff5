/**
 * Scenario h: a comment with three mentions (POST /api/snaps/:id/comments), measured beside d (a
 * 100-card batch PATCH) in the same interleaved rounds: a comment must cost no more than that batch.
 * Three colleagues join the bench workspace and d's snaps are shared with it, so each comment
 * checks three mentions, notifies three people (and the owner when it is not the author: it is),
 * records its feed event and NOTIFYs.
 */
import pg from "pg";
import { benchId, type Fixtures } from "./database";
import type { Request } from "./scenarios";

export async function seedCommentScenario(url: string, fixtures: Fixtures): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = [1, 2, 3].map((n) => benchId(`user:mentioned${n}`));
    await client.query(
      `INSERT INTO "User" (id, email, name, "updatedAt") SELECT id, 'mentioned' || ord || '@example.com', 'Mentioned ' || ord, now()
       FROM unnest($1::text[]) WITH ORDINALITY AS u(id, ord)`,
      [ids],
    );
    await client.query(`INSERT INTO "Membership" ("userId", "workspaceId", role) SELECT unnest($1::text[]), $2, 'member'`, [ids, fixtures.workspaceId]);
    await client.query(`UPDATE "Snap" SET "sharedWithWorkspace" = true WHERE id = ANY($1)`, [fixtures.patchSnaps.map((snap) => snap.snapId)]);
    return ids;
  } finally {
    await client.end();
  }
}

export function commentRequest(fixtures: Fixtures, baseUrl: string, mentioned: string[]): { label: string; request: Request } {
  return {
    label: "POST /api/snaps/:id/comments, 3 mentions",
    request: {
      url: `${baseUrl}/api/snaps/${fixtures.patchSnaps[0]!.snapId}/comments`,
      method: "POST",
      headers: { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/json" },
      // One snap for every connection (a request's path is fixed): comments only share-lock it.
      body: (client: number, n: number) => {
        const cardIds = fixtures.patchSnaps[0]!.cardIds;
        return JSON.stringify({
          body: `${mentioned.map((id) => `<@${id}>`).join(" ")} please review item ${client}.${n}`,
          cardId: cardIds[n % cardIds.length],
        });
      },
    },
  };
}
