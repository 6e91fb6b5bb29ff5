import "server-only";
import { randomBytes } from "node:crypto";

/**
 * A cuid-like opaque id ("c" + 24 lowercase base36 characters, 120 random bits) for rows inserted
 * with raw SQL, where Prisma's client-side @default(cuid()) does not run.
 */
export function createId(): string {
  return `c${BigInt(`0x${randomBytes(15).toString("hex")}`)
    .toString(36)
    .padStart(24, "0")}`;
}
