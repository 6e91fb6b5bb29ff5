import { ApiError } from "./api-error";

/** The SQLSTATE the content budget's trigger raises (migration snap_content_budget). */
const BUDGET_SQLSTATE = "SB413";

export interface BudgetFacts {
  budget: number;
  used: number;
  adding: number;
}

interface ErrorLike {
  code?: unknown;
  originalCode?: unknown;
  detail?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/**
 * The 413 for a write the content budget refused (docs/API.md, "Content budget"), or null for any
 * other error. The trigger's error comes from pg directly or wrapped by Prisma's adapter (in `meta`
 * or `cause`); its DETAIL carries the figures as JSON.
 */
export function snapContentBudgetError(error: unknown): ApiError | null {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    const { code, originalCode, detail, cause, meta } = current as ErrorLike;
    if ((code === BUDGET_SQLSTATE || originalCode === BUDGET_SQLSTATE) && typeof detail === "string")
      return contentBudgetError(JSON.parse(detail) as BudgetFacts);
    current = cause ?? meta?.driverAdapterError;
  }
  return null;
}

/** 413: a snap holding `used` bytes of content cannot take `adding` more within `budget`. */
export function contentBudgetError({ budget, used, adding }: BudgetFacts): ApiError {
  const bytes = (value: number) => value.toLocaleString("en");
  return new ApiError(
    "PAYLOAD_TOO_LARGE",
    `A snap may hold ${bytes(budget)} bytes of content and this one holds ${bytes(used)}: this write would add ${bytes(adding)}. Shorten or delete cards to make room`,
    [{ path: "snap", message: `Content budget: ${used} of ${budget} bytes used` }],
  );
}
