import "server-only";
import { db, type Db } from "@/lib/db/client";
import type { Tx } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";

/** Bytes of files on the workspace's snaps (the snaps it holds now). */
export async function workspaceFileBytes(workspaceId: string, client: Tx | Db = db): Promise<number> {
  const [row] = await client.$queryRaw<{ used: bigint }[]>`
    SELECT COALESCE(sum(f.size), 0)::bigint AS used FROM "File" f JOIN "Snap" s ON s.id = f."snapId" WHERE s."workspaceId" = ${workspaceId}`;
  return Number(row?.used ?? 0);
}

/** 413 naming the quota and what is used when `adding` more bytes would pass it (0: no quota). */
export function assertWithinQuota(quota: number, used: number, adding: number): void {
  if (quota === 0 || used + adding <= quota) return;
  throw new ApiError(
    "PAYLOAD_TOO_LARGE",
    `This workspace may hold ${quota.toLocaleString("en")} bytes of files (FILE_WORKSPACE_QUOTA_BYTES) and holds ${used.toLocaleString("en")}: delete files to make room`,
    [{ path: "file", message: `Workspace quota: ${used} of ${quota} bytes used` }],
  );
}

/**
 * Inside a transaction: waits for the workspace's turn (writes of files to one workspace take
 * turns, so two cannot both fit in the last room), then 413 if `adding` bytes would pass the
 * quota (FILE_WORKSPACE_QUOTA_BYTES; 0: no quota, no turn).
 */
export async function assertRoomForFiles(tx: Tx, workspaceId: string, quota: number, adding: number): Promise<void> {
  if (quota === 0) return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`file-quota:${workspaceId}`}, 0))`;
  assertWithinQuota(quota, await workspaceFileBytes(workspaceId, tx), adding);
}
