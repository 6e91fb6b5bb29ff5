import "server-only";
import { pool } from "./client";
import { preparedStatementsEnabled } from "./prepared-statements-enabled";
import { createRowReader } from "./row-reader";

/**
 * One parameterized statement straight on the pool (pg's own type parsing: timestamptz → Date,
 * jsonb → value, enums → string), for the API's hottest statements: Prisma's $queryRaw costs about
 * 0.3 to 0.8 ms more CPU per call, and these are prepared (lib/db/row-reader.ts; unnamed behind a pooler), so the text must
 * be a constant whose plan suits every value: lookups by key, not a search whose best plan depends
 * on the pattern. Not for anything in a transaction: that stays with `db`.
 */
export const queryRows = createRowReader(pool, { prepared: preparedStatementsEnabled() });
