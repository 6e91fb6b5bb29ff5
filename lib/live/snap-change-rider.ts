import type { Prisma } from "@/lib/db/generated/client";
import type { SnapChange } from "./snap-change";
import type { WriteActor } from "./write-actor";

/**
 * More work for recordSnapChanges' one statement, so that it costs the write no round trip of its
 * own (history: docs/PERFORMANCE.md). A rider returns CTEs, each starting with a comma
 * (`, name AS (...)`); they may read `bumped` (id, version, "updatedAt": each snap's new values).
 * The statement does not see its own UPDATE of "Snap": read the new version and updatedAt from
 * `bumped`, never from the table.
 */
export type SnapChangeRider = (write: { actor: WriteActor; changes: readonly SnapChange[]; snapIds: readonly string[] }) => Prisma.Sql;
