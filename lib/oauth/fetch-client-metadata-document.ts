import "server-only";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { checkedLookup } from "@/lib/outbound/checked-lookup";
import { isForbiddenAddress } from "@/lib/outbound/forbidden-addresses";
import { privateUrlsAllowed } from "@/lib/outbound/private-urls-allowed";
import {
  METADATA_DOCUMENT_MAX_BYTES,
  METADATA_DOCUMENT_MAX_CACHE_SECONDS,
  METADATA_DOCUMENT_MIN_CACHE_SECONDS,
  METADATA_DOCUMENT_TIMEOUT_MS,
} from "./oauth-config";

export interface FetchedDocument {
  body: unknown;
  /** How long it may be cached, from Cache-Control (max-age, no-store), within 10 minutes and 24 hours. */
  maxAgeSeconds: number;
}

/** A client_id this server fetches: https (http too only while private addresses are allowed, for tests). */
export function isMetadataDocumentUrl(clientId: string): boolean {
  return clientId.startsWith("https://") || (privateUrlsAllowed() && clientId.startsWith("http://"));
}

/**
 * GETs a client ID metadata document through the address guard webhooks use too
 * (lib/outbound/; docs/SECURITY.md, "Webhooks"): the address connected to must not be loopback, private, link-local or metadata,
 * no redirect is followed, at most 5 KB is read, 5 s for all of it. Null for any failure.
 */
export function fetchClientMetadataDocument(rawUrl: string): Promise<FetchedDocument | null> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve(null);
  }
  const allowPrivate = privateUrlsAllowed();
  if (url.username || url.password || url.hash) return Promise.resolve(null);
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return Promise.resolve(null);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // An address literal is connected to without a lookup: checked here instead.
  if (!allowPrivate && ((isIP(host) && isForbiddenAddress(host)) || host === "localhost" || host.endsWith(".localhost"))) return Promise.resolve(null);

  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: FetchedDocument | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(
      url,
      {
        headers: { accept: "application/json", "user-agent": "SnapBoard-OAuth/1" },
        lookup: allowPrivate ? undefined : checkedLookup,
        signal: AbortSignal.timeout(METADATA_DOCUMENT_TIMEOUT_MS),
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.destroy();
          return finish(null);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > METADATA_DOCUMENT_MAX_BYTES) {
            response.destroy();
            return finish(null);
          }
          chunks.push(chunk);
        });
        response.on("end", () => {
          try {
            finish({ body: JSON.parse(Buffer.concat(chunks).toString("utf8")), maxAgeSeconds: cacheSeconds(response.headers["cache-control"]) });
          } catch {
            finish(null);
          }
        });
        response.on("error", () => finish(null));
        response.on("close", () => finish(null));
      },
    );
    request.on("error", () => finish(null));
  });
}

/**
 * Cache-Control's max-age (no-store and no-cache: none) within the bounds of oauth-config.ts;
 * absent: 1 hour. The floor keeps one authorization from fetching a `no-store` document at each step.
 */
function cacheSeconds(header: string | undefined): number {
  const asked = !header ? 3600 : /\b(no-store|no-cache)\b/i.test(header) ? 0 : Number(/\bmax-age=(\d+)/i.exec(header)?.[1] ?? 3600);
  return Math.min(Math.max(asked, METADATA_DOCUMENT_MIN_CACHE_SECONDS), METADATA_DOCUMENT_MAX_CACHE_SECONDS);
}
