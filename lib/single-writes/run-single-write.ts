import "server-only";
import { runWriteStatement } from "@/lib/db/run-write-statement";
import type { NamedSql } from "@/lib/db/named-sql";
import type { Principal } from "@/lib/request/principal";
import { keyRead } from "./key-read";
import type { SingleWriteParam } from "./single-write-sql";
import { singleWriteValues } from "./single-write-values";

/**
 * Runs a single write's statement (lib/single-writes/single-write-sql.ts) for `principal`, with the
 * parameters every single write binds and the write's own `values`. A principal whose key was not
 * read for this request (`keyUnread`) had it checked by the statement, which wrote nothing if the
 * key changed since this process last read it: then the key is read now (401 revoked, 403
 * read-only) and the statement is sent again for what it says, the role changed, say.
 */
export async function runSingleWrite<Name extends string>(
  principal: Principal,
  statement: NamedSql<Name | SingleWriteParam>,
  values: Record<Name, unknown>,
): Promise<unknown[]> {
  const rows = await runWriteStatement(statement, { ...singleWriteValues(principal), ...values });
  if ((rows[0] as { callerHolds?: boolean } | undefined)?.callerHolds !== false) return rows;
  return runWriteStatement(statement, { ...singleWriteValues(await keyRead(principal)), ...values });
}
