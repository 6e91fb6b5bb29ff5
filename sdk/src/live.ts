/**
 * The live event stream as an async iterator (sdk/README.md, "Live events"). Reconnects by itself
 * after a dropped connection or a server restart, resuming with Last-Event-ID so that no change is
 * missed or repeated; ends after `deleted` or `access-revoked`, or when the loop stops (break,
 * return, or the signal).
 */
import { errorFromResponse, networkError, retryAfterSeconds } from "./errors.js";

/** One Server-Sent Events message: its `event` name, its `id` (a snap version) if any, its JSON data. */
export interface LiveEvent<Data = Record<string, unknown>> {
  event: string;
  id: string | undefined;
  data: Data;
}

export interface LiveOptions {
  /** Start after this snap version (else: from now). */
  since?: number;
  signal?: AbortSignal;
  /** Reconnect after a dropped stream (default true). */
  reconnect?: boolean;
  /** The longest wait between reconnects, in ms (default 30,000). */
  maxReconnectDelayMs?: number;
}

/** Messages after which the server closes the stream for good. */
const FINAL_EVENTS = new Set(["deleted", "access-revoked"]);

/** Splits a text/event-stream body into messages (the WHATWG parsing rules, for one data line or many). */
async function* parseEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; id?: string; data: string; retry?: number }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let id: string | undefined;
  let data: string[] = [];
  let retry: number | undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        if (line === "") {
          if (data.length > 0 || retry !== undefined) yield { event: event || "message", id, data: data.join("\n"), retry };
          event = "";
          data = [];
          retry = undefined;
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        const text = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = text;
        else if (field === "data") data.push(text);
        else if (field === "id") id = text;
        else if (field === "retry" && /^\d+$/.test(text)) retry = Number(text);
      }
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * Follows an event stream at `url`. `open(headers, signal)` sends the request (the client's fetch,
 * with its credential); errors that reconnecting cannot fix (401, 403, 404) are thrown as typed errors.
 */
export async function* followEventStream(
  open: (headers: Headers, signal: AbortSignal) => Promise<Response>,
  options: LiveOptions = {},
): AsyncGenerator<LiveEvent> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  let lastEventId = options.since === undefined ? undefined : String(options.since);
  let reconnectDelay = 1000;
  let failures = 0;
  try {
    while (!controller.signal.aborted) {
      const headers = new Headers({ Accept: "text/event-stream" });
      if (lastEventId !== undefined) headers.set("Last-Event-ID", lastEventId);
      let response: Response;
      try {
        response = await open(headers, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (options.reconnect === false) throw networkError(error);
        failures++;
        await wait(Math.min(options.maxReconnectDelayMs ?? 30_000, reconnectDelay * 2 ** Math.min(failures, 5)), controller.signal);
        continue;
      }
      if (!response.ok || !response.body) {
        const text = await response.text().catch(() => "");
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: keep the text.
        }
        const error = errorFromResponse(response, body);
        const transient = response.status === 429 || response.status === 503;
        if (!transient || options.reconnect === false) throw error;
        await wait((retryAfterSeconds(response.headers) ?? reconnectDelay / 1000) * 1000, controller.signal);
        continue;
      }
      failures = 0;
      try {
        for await (const message of parseEventStream(response.body)) {
          if (message.retry !== undefined) reconnectDelay = message.retry;
          if (message.data === "") continue;
          if (message.id !== undefined) lastEventId = message.id;
          yield { event: message.event, id: message.id, data: JSON.parse(message.data) as Record<string, unknown> };
          if (FINAL_EVENTS.has(message.event)) return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (options.reconnect === false) throw networkError(error);
      }
      if (options.reconnect === false) return;
      await wait(reconnectDelay, controller.signal);
    }
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    controller.abort();
  }
}
