import { expect, vi } from "vitest";

/**
 * Waits for GET /api/health to answer 200, for at most half a minute: a server just started answers
 * 503 "degraded" until its first database query (which loads the ORM) beats the check's 2 s, which a
 * loaded machine may take a few tries for. (vi.waitFor, not expect.poll: this runs in hooks too.)
 */
export async function untilHealthy(base: string): Promise<void> {
  await vi.waitFor(async () => expect((await fetch(`${base}/api/health`)).status).toBe(200), { timeout: 30_000, interval: 500 });
}
