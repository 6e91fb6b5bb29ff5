import type { Prisma } from "@/lib/db/generated/client";

/** A line's fields, in every response that carries lines (docs/API.md, "Lines"). */
export const lineSelect = {
  id: true,
  snapId: true,
  fromCardId: true,
  toCardId: true,
  color: true,
  style: true,
  arrow: true,
} as const;

export type LineView = Prisma.LineGetPayload<{ select: typeof lineSelect }>;
