import "server-only";
import http from "node:http";
import https from "node:https";
import { DELIVERY_TIMEOUT_MS, privateUrlsAllowed, RESPONSE_BYTES_KEPT } from "./webhook-config";
import { checkedLookup } from "@/lib/outbound/checked-lookup";

export interface WebhookResponse {
  status: number | null;
  /** At most the first RESPONSE_BYTES_KEPT bytes of the answer. */
  bodyStart: string | null;
  error: string | null;
  durationMs: number;
  /** The host resolved to an address the guard refuses: not sent, and no later try would be either. */
  addressRefused?: boolean;
}

/** One POST of a signed event: 10 s for all of it; never throws. */
export function sendWebhookRequest(url: string, headers: Record<string, string>, body: string): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookResponse, "durationMs">) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, durationMs: elapsed() });
    };
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": "SnapBoard-Webhooks/1" },
        lookup: privateUrlsAllowed() ? undefined : checkedLookup,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < RESPONSE_BYTES_KEPT) chunks.push(chunk.subarray(0, RESPONSE_BYTES_KEPT - size));
          size += chunk.length;
          // The rest is not read: a receiver's body is never kept (nor logged) whole.
          if (size >= RESPONSE_BYTES_KEPT) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? null;
          const bodyStart = Buffer.concat(chunks).toString("utf8");
          finish({ status, bodyStart: bodyStart || null, error: null });
        };
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      const timedOut = error.name === "AbortError" || error.name === "TimeoutError";
      const message = timedOut ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : describe(error);
      finish({ status: null, bodyStart: null, error: message, ...(error.code === "EFORBIDDEN" ? { addressRefused: true } : {}) });
    });
    request.end(body);
  });
}

function describe(error: NodeJS.ErrnoException): string {
  if (error.code === "EFORBIDDEN") return error.message;
  if (error.code === "ENOTFOUND" || error.code === "EAI_AGAIN") return "The host name could not be resolved";
  if (error.code === "ECONNREFUSED") return "Connection refused";
  if (error.code === "ECONNRESET") return "The connection was reset";
  return error.code ? `Connection failed (${error.code})` : "Connection failed";
}
