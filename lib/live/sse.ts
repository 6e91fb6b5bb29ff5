/** Response headers of an event stream: no caching, and no proxy buffering or compression. */
export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
} as const;

const encoder = new TextEncoder();

/** One Server-Sent Events message: `event:`, `id:` when given, one `data:` line of JSON. */
export function sseMessage(event: string, data: unknown, id?: number): Uint8Array {
  const idLine = id === undefined ? "" : `id: ${id}\n`;
  return encoder.encode(`event: ${event}\n${idLine}data: ${JSON.stringify(data)}\n\n`);
}

/** A comment line: ignored by EventSource, it keeps proxies and load balancers from closing an idle stream. */
export const SSE_PING = encoder.encode(": ping\n\n");

/**
 * The `retry:` field alone: how long an EventSource waits before it reconnects. Sent when the
 * server ends streams because it stops, so clients come back (through the load balancer, to another
 * instance) soon, and resume with Last-Event-ID.
 */
export function sseRetry(ms: number): Uint8Array {
  return encoder.encode(`retry: ${Math.round(ms)}\n\n`);
}
