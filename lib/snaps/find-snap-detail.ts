import { db, type DbOrTx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { snapDetailSelect } from "./snap-selects";

export type SnapDetail = Prisma.SnapGetPayload<{ select: typeof snapDetailSelect }>;

/** The full snap (cards, lines, folder) matching a unique filter, with no access check: callers do that. */
export function findSnapDetail(where: Prisma.SnapWhereUniqueInput, client: DbOrTx = db): Promise<SnapDetail | null> {
  return client.snap.findUnique({ where, select: snapDetailSelect });
}
