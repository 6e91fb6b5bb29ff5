import { Prisma } from "@/lib/db/generated/client";
import { namedSql, type NamedSql } from "@/lib/db/named-sql";
import { snapEditAccessSql } from "@/lib/snaps/snap-edit-access-sql";
import { snapChangeCtes, snapChangeNotifySql } from "@/lib/live/snap-change-sql";
import { callerKeySql } from "./caller-key-sql";

/** The parameters every single write binds (lib/single-writes/single-write-values.ts gives them). */
export type SingleWriteParam =
  | "actorType"
  | "actorUserId"
  | "actorApiKeyId"
  | "actorClientId"
  | "baseVersion"
  | "callerUserId"
  | "callerWorkspaceId"
  | "callerRole"
  | "eventId"
  | "retentionDays"
  | "uncheckedKeyId";

export interface SingleWriteParts {
  /** CTEs (no leading WITH) that read the target with its access, and write only where allowed. */
  write: string;
  /** SQL giving the changed snap's id, read from the write's CTEs (no row when nothing was written). */
  changedSnapId: string;
  /** SQL (jsonb) of the live change's payload, less baseVersion (lib/live/snap-change.ts). */
  payload: string;
  /**
   * More CTEs, each starting with a comma, reading `bumped`: the history entry and the feed event
   * (lib/history/history-entry-sql.ts, lib/events/feed-event-sql.ts, given by the write so that
   * lib/live needs neither).
   */
  riders: string;
  /** The select list of the one row the statement answers (with "snapId", version and "callerHolds" added). */
  select: string;
  /** Its FROM: the read of the target, LEFT JOINed so that an unknown id still answers a row. */
  from: string;
}

/**
 * The `target` CTE of a write to one card or line, named by its id (SQL): the row's id and snap, and
 * whether the caller may edit that snap (`callerCanEdit`, as singleWriteSql's build is given it).
 * The snap is read by its key from the row's: a join let a generic plan merge-join the Snap key's
 * index in order up to the row's snap. The write then names `target` (editable) instead of checking
 * access a second time; the access is the statement's snapshot's either way.
 */
export function rowTargetSql(table: "Card" | "Line", id: string, callerCanEdit: (snapAlias: string) => string): string {
  return `target AS (
      SELECT x.id, x."snapId", (SELECT ${callerCanEdit("s")} FROM "Snap" AS s WHERE s.id = x."snapId") AS editable
      FROM "${table}" AS x WHERE x.id = ${id}
    )`;
}

/**
 * A single write (one card or line created, updated or deleted) as ONE statement, sent without an
 * interactive transaction (docs/ARCHITECTURE.md, "Single writes"): the access check and the write
 * in the caller's CTEs, then what every write records (lib/live/snap-change-sql.ts, as batches do:
 * its version and updatedAt moved, the SnapEvent, older ones pruned, the NOTIFY sent on commit), for
 * the one snap written, and the history entry and the feed event with its outbox row (the write's
 * riders). `bumped`
 * reads the write's CTEs, so they have run when the history snapshot reads the snap. `param`
 * names the parameters; the write's own ones are named by the caller.
 */
export function singleWriteSql<Name extends string>(
  build: (param: (name: Name | SingleWriteParam) => string, callerCanEdit: (snapAlias: string) => string) => SingleWriteParts,
  inline: Partial<Record<Name | SingleWriteParam, string>> = {},
): NamedSql<Name | SingleWriteParam> {
  return namedSql<Name | SingleWriteParam>((param) => {
    const caller = { userId: param("callerUserId"), workspaceId: param("callerWorkspaceId"), role: `${param("callerRole")}::text` };
    // Nothing is editable to a key that no longer holds (caller-key-sql.ts): then the answer says so.
    const parts = build(param, (alias) => `((SELECT holds FROM caller_key) AND ${snapEditAccessSql(alias, caller)})`);
    const raw = (name: SingleWriteParam) => Prisma.raw(param(name));
    const change = snapChangeCtes({
      snaps: Prisma.raw(`SELECT (${parts.changedSnapId}) AS id`),
      payloads: Prisma.raw(
        `SELECT (${parts.changedSnapId}) AS "snapId", jsonb_build_object('baseVersion', ${param("baseVersion")}::int) || ${parts.payload} AS payload`,
      ),
      actor: { type: raw("actorType"), userId: raw("actorUserId"), apiKeyId: raw("actorApiKeyId"), clientId: raw("actorClientId") },
    });
    return `WITH ${callerKeySql({ keyId: param("uncheckedKeyId"), ...caller })}
    , ${parts.write}
    , ${change.text} ${parts.riders}
    SELECT ${parts.select}, b.id AS "snapId", b.version, (SELECT holds FROM caller_key) AS "callerHolds",
      CASE WHEN b.id IS NOT NULL THEN (SELECT count(*) FROM ${snapChangeNotifySql("b")})::int END AS notified
    FROM ${parts.from} LEFT JOIN bumped AS b ON true`;
  }, inline);
}
