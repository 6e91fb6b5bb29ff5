/**
 * GET /api/health's status once it answers 200, or its last after half a minute: a server just
 * started answers 503 "degraded" until its first database query (which loads the ORM) beats the
 * check's 2 s, which a loaded machine may take a few tries for.
 */
export async function healthOnceUp(base: string): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt < 60 && status !== 200; attempt++) {
    status = (await fetch(`${base}/api/health`)).status;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return status;
}
