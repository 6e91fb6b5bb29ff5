import "server-only";
import { ApiError } from "@/lib/errors/api-error";

/**
 * PNG renders one instance runs at once, and how many more may wait for a turn: a render holds
 * about 4 bytes per pixel of native memory for the raster and a core for seconds, so more at once
 * would only share the same core and add their memory (docs/EXPORT-IMPORT.md, "PNG").
 */
export const PNG_RENDERS_AT_ONCE = 1;
export const PNG_RENDERS_WAITING = 4;
/** What a refused caller is told to wait: about one large render. */
const RETRY_AFTER_SECONDS = 5;

let running = 0;
const waiting: (() => void)[] = [];
/** Users with a render running or waiting: each has at most one. */
const busyUsers = new Set<string>();

const refuse = (message: string) => new ApiError("RATE_LIMITED", message, undefined, { "Retry-After": String(RETRY_AFTER_SECONDS) });

/**
 * Runs `render` when a slot is free: at most PNG_RENDERS_AT_ONCE at once on this instance, at
 * most PNG_RENDERS_WAITING waiting (beyond, 429 with Retry-After), one per user (a second, 429).
 */
export async function withPngRenderSlot<T>(userId: string, render: () => Promise<T>): Promise<T> {
  if (busyUsers.has(userId)) throw refuse("You already have a PNG export being rendered: wait for it to finish");
  if (running >= PNG_RENDERS_AT_ONCE && waiting.length >= PNG_RENDERS_WAITING) throw refuse("Too many PNG exports are being rendered: try again shortly");
  busyUsers.add(userId);
  try {
    if (running >= PNG_RENDERS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await render();
    } finally {
      // The slot passes straight to the next in line (running stays counted), or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  } finally {
    busyUsers.delete(userId);
  }
}
