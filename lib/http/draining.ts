/**
 * Whether this process is draining: a SIGTERM came (lib/http/graceful-shutdown.ts), requests are
 * still served, and GET /api/health answers 503 "draining" so that the load balancer sends no more.
 * On globalThis: the health route and the instrumentation hook are bundled apart.
 */
const state = globalThis as typeof globalThis & { snapDraining?: boolean };

export function isDraining(): boolean {
  return state.snapDraining === true;
}

export function startDraining(): void {
  state.snapDraining = true;
}
