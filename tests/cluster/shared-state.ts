/**
 * What several instances must share (docs/OPERATIONS.md, "Running on PostgreSQL with several instances"), each
 * checked by talking to the instances directly: the per-caller rate limit (Redis) across all three,
 * an Idempotency-Key replayed on another instance, a write on one never served stale by another's
 * cache, and a revoked key or sign-out everywhere refused by every instance at the next request.
 */
import { randomUUID } from "node:crypto";
import { call, createUser, expectStatus } from "./http";
import type { Instance } from "./instance";

export async function checkSharedState(
  instances: Instance[],
  lb: string,
  rateLimit: number,
  expect: (ok: boolean, what: string) => void,
): Promise<{ requests: number; rateLimited: number }> {
  let requests = 0;
  const [a, b, c] = instances.map((instance) => instance.url) as [string, string, string];
  const counted = async <T>(answer: Promise<T>) => {
    requests += 1;
    return answer;
  };

  // Idempotency-Key: the same create sent to two instances makes one snap; the second is the replay.
  const owner = await createUser(lb, "shared");
  const idempotencyKey = randomUUID();
  const body = { title: "once", rows: 1, cols: 1 };
  const first = await counted(call(a, "POST", "/api/snaps", { key: owner.key, body, headers: { "idempotency-key": idempotencyKey } }));
  const replay = await counted(call(b, "POST", "/api/snaps", { key: owner.key, body, headers: { "idempotency-key": idempotencyKey } }));
  expect(
    first.status === 201 && replay.status === 201 && replay.headers.get("idempotent-replayed") === "true" && replay.body.snap.id === first.body.snap.id,
    "Idempotency-Key replayed on another instance returns the first answer",
  );

  // No stale cache: all three read (and cache) the snap, one writes, the other two read the write.
  const snapId = first.body.snap.id as string;
  for (const base of [a, b, c]) await counted(expectStatus(200, call(base, "GET", `/api/snaps/${snapId}`, { key: owner.key }), "read"));
  await counted(expectStatus(200, call(c, "PATCH", `/api/snaps/${snapId}`, { key: owner.key, body: { title: "renamed on app3" } }), "rename"));
  const titles = await Promise.all([a, b].map(async (base) => (await counted(call(base, "GET", `/api/snaps/${snapId}`, { key: owner.key }))).body.snap.title));
  expect(
    titles.every((title) => title === "renamed on app3"),
    `no stale cache: app1 and app2 read "${titles.join('", "')}" right after app3's write`,
  );

  // Key revocation: used on app1 and app2, revoked on app3, refused by both at the next request.
  for (const base of [a, b]) await counted(expectStatus(200, call(base, "GET", "/api/folders", { key: owner.key }), "key works"));
  await counted(expectStatus(200, call(c, "DELETE", `/api/keys/${owner.keyId}`, { cookie: owner.cookie }), "revoke"));
  const afterRevoke = await Promise.all([a, b].map(async (base) => (await counted(call(base, "GET", "/api/folders", { key: owner.key }))).status));
  expect(
    afterRevoke.every((status) => status === 401),
    `key revocation on app3: app1 and app2 answer ${afterRevoke.join(", ")} at the next request`,
  );

  // Sign-out everywhere: the session works on app1 and app2, ends on app3, refused by both at once.
  for (const base of [a, b]) await counted(expectStatus(200, call(base, "GET", "/api/folders", { cookie: owner.cookie }), "session works"));
  await counted(expectStatus(200, call(c, "POST", "/api/account/sign-out-everywhere", { cookie: owner.cookie }), "sign out everywhere"));
  const afterSignOut = await Promise.all([a, b].map(async (base) => (await counted(call(base, "GET", "/api/folders", { cookie: owner.cookie }))).status));
  expect(
    afterSignOut.every((status) => status === 401),
    `sign-out everywhere on app3: app1 and app2 answer ${afterSignOut.join(", ")} at the next request`,
  );

  // Rate limit: one caller spread over the three instances gets about the limit, not three times it.
  const limited = await createUser(lb, "limited");
  let accepted = 0;
  let refusedInARow = 0;
  let turn = 0;
  while (refusedInARow < 30) {
    const bases = [a, b, c];
    const statuses = await Promise.all(bases.map(async () => (await counted(call(bases[turn++ % 3]!, "GET", "/api/folders", { key: limited.key }))).status));
    for (const status of statuses) {
      if (status === 200) {
        accepted += 1;
        refusedInARow = 0;
      } else if (status === 429) refusedInARow += 1;
      else throw new Error(`rate limit check: unexpected ${status}`);
    }
    if (accepted > rateLimit * 3) break;
  }
  expect(Math.abs(accepted - rateLimit) <= rateLimit * 0.1, `rate limit across 3 instances: ${accepted} accepted for a limit of ${rateLimit} (within 10 %)`);
  return { requests, rateLimited: accepted };
}
