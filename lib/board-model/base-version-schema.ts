import { intInRange } from "@/lib/validation/common";

const MAX_VERSION = 2 ** 31 - 1;

/** A snap version a change is conditional on (docs/API.md, "Changes"). */
export const baseVersionSchema = intInRange(1, MAX_VERSION).describe(
  "The snap's version this change was made against (GET /api/snaps/:id answers it as `version`, every write as `Snap-Version`): when the snap has moved on, 412 and nothing is written.",
);
