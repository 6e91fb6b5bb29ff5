import type { Prisma } from "@/lib/db/generated/client";

/** DESIGN's line shape, in every response that carries lines. */
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
