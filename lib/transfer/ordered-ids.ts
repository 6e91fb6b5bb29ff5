import { createId } from "@/lib/db/create-id";

/** Random ids, sorted: the i-th sorts before the (i+1)-th, so rows made in this order read back in it. */
export function orderedIds(count: number): string[] {
  return Array.from({ length: count }, createId).sort();
}
