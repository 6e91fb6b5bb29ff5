/**
 * The benchmark's baseline (bench/, docs/PERFORMANCE.md): the cheapest dynamic route handler this
 * build can serve, so that the API's own cost can be read as a ratio to the framework's.
 */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ ok: true });
}
