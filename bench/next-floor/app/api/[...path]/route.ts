/**
 * The Next.js write floor's one route handler: bench/write-floor-handler.ts's single writes in a
 * bare Next app of the app's own Next version (no proxy, no request frame, no ORM), the floor the
 * app's single writes are measured against (docs/PERFORMANCE.md, "Single writes").
 */
import { answerFloorWrite } from "../../../../write-floor-handler";

async function handle(request: Request): Promise<Response> {
  try {
    const { status, body, headers } = await answerFloorWrite({
      method: request.method,
      path: new URL(request.url).pathname,
      authorization: request.headers.get("authorization"),
      baseVersion: request.headers.get("base-version"),
      readJson: async () => {
        const text = await request.text();
        return text ? (JSON.parse(text) as Record<string, unknown>) : {};
      },
    });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
  } catch (error) {
    console.error(error);
    return Response.json({ error: { code: "INTERNAL" } }, { status: 500 });
  }
}

export { handle as DELETE, handle as PATCH, handle as POST };
