import "server-only";
import type { Sql } from "sql-template-tag";
import { Prisma } from "./generated/client";

/**
 * A fragment written with sql-template-tag (shared with the job worker, which runs it on pg) as
 * the Prisma.Sql a $queryRaw template embeds: the same strings and values, Prisma's own class
 * (Prisma's tag is a copy of sql-template-tag, but nests only its own instances).
 */
export function prismaSql(fragment: Sql): Prisma.Sql {
  return new Prisma.Sql(fragment.strings, fragment.values);
}
