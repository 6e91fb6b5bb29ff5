import { ApiError } from "@/lib/errors/api-error";

/** How long a body may take to get going before its rate counts. */
export const BODY_RATE_GRACE_MS = 10_000;
const CHECK_EVERY_MS = 1_000;

export interface GuardedBody {
  /** The request whose body the handler reads: the same bytes, counted as they arrive. */
  request: Request;
  /** The refusal to answer when the body was dropped for its rate, else undefined. */
  tooSlow: () => ApiError | undefined;
  /** Stops watching (the handler has answered). */
  stop: () => void;
}

/**
 * Watches a large body while the handler reads it (docs/SECURITY.md, "Large bodies"): from the first
 * read, once BODY_RATE_GRACE_MS have passed, the bytes received must average `minBytesPerSecond`.
 * A body that trickles below it is dropped: the handler's read fails, the request is answered 408
 * with `Connection: close`, and the turn it held goes to the next in line. Time spent waiting for
 * a turn, before the first read, does not count.
 */
export function guardBodyRate(request: Request, minBytesPerSecond: number): GuardedBody {
  if (!request.body) return { request, tooSlow: () => undefined, stop: () => {} };
  const source = request.body.getReader();
  let received = 0;
  let startedAt: number | undefined;
  let finished = false;
  let refusal: ApiError | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const body = new ReadableStream<Uint8Array>(
    {
      start: (streamController) => {
        controller = streamController;
      },
      pull: async () => {
        startedAt ??= Date.now();
        try {
          const chunk = await source.read();
          if (refusal) return;
          if (chunk.done) {
            finished = true;
            controller.close();
            return;
          }
          received += chunk.value.byteLength;
          controller.enqueue(chunk.value);
        } catch (error) {
          finished = true;
          if (!refusal) controller.error(error);
        }
      },
      cancel: async (reason) => {
        finished = true;
        await source.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );

  const timer = setInterval(() => {
    if (finished || refusal || startedAt === undefined) return;
    const elapsedMs = Date.now() - startedAt;
    if (elapsedMs < BODY_RATE_GRACE_MS || received >= (minBytesPerSecond * elapsedMs) / 1000) return;
    refusal = new ApiError(
      "REQUEST_TIMEOUT",
      `The body arrived slower than ${minBytesPerSecond.toLocaleString("en")} bytes per second (${received.toLocaleString("en")} bytes in ${Math.round(elapsedMs / 1000)} s) and was dropped; send it again at a steady pace`,
      undefined,
      { Connection: "close" },
    );
    // The rest is never read: the connection closes with the answer.
    controller.error(refusal);
  }, CHECK_EVERY_MS);
  timer.unref();

  const guarded = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  return {
    request: guarded,
    tooSlow: () => refusal,
    stop: () => clearInterval(timer),
  };
}
