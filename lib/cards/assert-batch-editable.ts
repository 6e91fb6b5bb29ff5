import type { Principal } from "@/lib/request/principal";
import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";
import { hasSnapAccess, type SnapAccessFacts } from "@/lib/board-model/snap-access";

/**
 * All or nothing: refuses the whole batch when any item's target does not exist (404) or sits in a
 * snap the caller may not edit (403). `targets[i]` is item i's snap facts, undefined when missing;
 * every offending item is named by its path, e.g. "updates.3.id".
 */
export function assertBatchEditable(
  principal: Principal,
  targets: readonly (SnapAccessFacts | undefined)[],
  pathOf: (index: number) => string,
  noun: "Card" | "Snap",
): void {
  const missing: ErrorDetail[] = [];
  const forbidden: ErrorDetail[] = [];
  targets.forEach((facts, index) => {
    if (!facts) missing.push({ path: pathOf(index), message: `${noun} not found` });
    else if (!hasSnapAccess(principal, facts, "edit")) forbidden.push({ path: pathOf(index), message: "You may not edit this snap" });
  });
  if (missing[0]) throw new ApiError("NOT_FOUND", `${noun} not found at ${missing[0].path}; nothing was written`, missing);
  if (forbidden[0]) throw new ApiError("FORBIDDEN", `You may not edit the snap of ${forbidden[0].path}; nothing was written`, forbidden);
}
