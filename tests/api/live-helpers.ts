import { baseUrl, type Caller, documentedFetch } from "./helpers";

/** One Server-Sent Events message: its `event:` name, `id:` if any, and its `data:` as JSON. */
export interface SseMessage {
  event: string;
  id?: string;
  data: any;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The JSON error body when the stream was refused (status not 200). */
  error?: any;
  /** The next message named `event` (others before it are skipped), or of any name without one. */
  next(event?: string, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Splits an SSE byte stream into messages (comments such as `: ping` are dropped). */
export function parseSseBlock(block: string): SseMessage | null {
  let event = "message";
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":") || line === "") continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "id") id = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return null;
  return { event, ...(id === undefined ? {} : { id }), data: JSON.parse(data.join("\n")) };
}

/**
 * Opens GET /api/snaps/:id/events as a browser's EventSource would (fetch, read as it arrives).
 * Close every stream a test opens: each holds a connection of the server.
 */
export function openEventStream(
  snapId: string,
  caller: Caller,
  options: { baseUrl?: string; lastEventId?: string; query?: string } = {},
): Promise<EventStream> {
  return openStream(`/api/snaps/${snapId}/events${options.query ?? ""}`, caller, options);
}

/** GET /api/notifications/stream, read as openEventStream reads a snap's. */
export function openNotificationStream(caller: Caller, options: { baseUrl?: string } = {}): Promise<EventStream> {
  return openStream("/api/notifications/stream", caller, options);
}

async function openStream(path: string, caller: Caller, options: { baseUrl?: string; lastEventId?: string }): Promise<EventStream> {
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (caller.key !== undefined) headers.authorization = `Bearer ${caller.key}`;
  if (caller.cookie) headers.cookie = caller.cookie;
  if (options.lastEventId !== undefined) headers["last-event-id"] = options.lastEventId;
  const abort = new AbortController();
  const url = `${options.baseUrl ?? baseUrl}${path}`;
  const response = await documentedFetch(url, { headers, signal: abort.signal });
  if (response.status !== 200) {
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      error: JSON.parse(text),
      next: () => Promise.reject(new Error(`no stream: ${text}`)),
      ended: Promise.resolve(),
      close: () => {},
    };
  }

  const queue: SseMessage[] = [];
  // Set while next() waits for more data; called by the reader when some arrives or the stream ends.
  let wake = null as (() => void) | null;
  let done = false;
  const ended = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const message = parseSseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (message) queue.push(message);
        }
        wake?.();
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      wake?.();
    }
  })();

  async function next(event?: string, timeoutMs = 5000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = queue.findIndex((message) => event === undefined || message.event === event);
      if (index >= 0) return queue.splice(0, index + 1).pop()!;
      if (done) throw new Error(`stream ended before a "${event ?? "any"}" message`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${event ?? "any"}" message within ${timeoutMs} ms (got ${queue.map((m) => m.event).join(", ") || "nothing"})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
      });
    }
  }

  return { status: 200, headers: response.headers, next, ended, close: () => abort.abort() };
}
