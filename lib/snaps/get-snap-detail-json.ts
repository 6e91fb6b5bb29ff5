import { config } from "@/lib/config";
import type { Principal } from "@/lib/request/principal";
import { ByteBudgetLru } from "@/lib/cache/byte-budget-lru";
import { ApiError } from "@/lib/errors/api-error";
import { readSnapBody } from "../board-model/read-snap-body";
import { assertSnapAccess } from "../board-model/snap-access";
import type { SnapVersion } from "@/lib/board-model/snap-version";
import { snapEtag } from "./snap-etag";

export interface SnapDetailJson {
  etag: string;
  /** `{"snap": …}` serialized, exactly what Response.json would send. */
  body: Uint8Array<ArrayBuffer>;
}

interface CachedDetail extends SnapDetailJson {
  version: SnapVersion;
}

/**
 * The serialized bodies of recently read snaps, per process, keyed by snap id and bounded by bytes
 * (SNAP_DETAIL_CACHE_MB, default 16; 0 turns the cache off). An entry is only ever served after the
 * database confirmed, in the request's own read, that the snap is still at the entry's version: a
 * write on any instance moves the version, so no instance serves a stale body.
 */
const cache = new ByteBudgetLru<string, CachedDetail>(config().SNAP_DETAIL_CACHE_MB * 2 ** 20);

/**
 * GET /api/snaps/:id: the snap's JSON body and ETag; 404 if it does not exist, 403 if the caller may
 * not see it. One read each time (access facts and the current version, plus the body only when
 * this process does not hold that version's body already). The body is built by PostgreSQL and
 * arrives as bytes (lib/board-model/read-snap-body.ts).
 */
export async function getSnapDetailJson(principal: Principal, snapId: string): Promise<SnapDetailJson> {
  const cached = cache.get(snapId);
  const found = await readSnapBody(snapId, cached?.version);
  if (!found) throw new ApiError("NOT_FOUND", "Snap not found");
  assertSnapAccess(principal, found.facts, "read");
  if (!found.body && cached) return cached;
  if (!found.body) throw new Error("the body of an uncached snap was not read");

  return remember(snapId, found.version, found.body);
}

const bytesOf = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) as Uint8Array<ArrayBuffer>;

function remember(snapId: string, version: SnapVersion, bytes: Buffer): SnapDetailJson {
  const body = bytesOf(bytes);
  const fresh = { etag: snapEtag(version), body, version };
  cache.set(snapId, fresh, body.byteLength);
  return fresh;
}

/**
 * The same answer right after the caller changed the snap (PATCH /api/snaps/:id), with no access
 * check: the write was allowed, and what it changed may be who can read the snap. It shows the
 * snap as it is once the write committed, a later write included. Not cached: a GET fills the cache.
 */
export async function getWrittenSnapJson(snapId: string): Promise<SnapDetailJson> {
  const found = await readSnapBody(snapId);
  if (!found?.body) throw new ApiError("NOT_FOUND", "Snap not found");
  return { etag: snapEtag(found.version), body: bytesOf(found.body) };
}
