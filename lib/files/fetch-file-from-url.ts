import "server-only";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, unlink } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "@/lib/errors/api-error";
import { checkedLookup } from "@/lib/outbound/checked-lookup";
import { isForbiddenAddress } from "@/lib/outbound/forbidden-addresses";
import { privateUrlsAllowed } from "@/lib/outbound/private-urls-allowed";
import { cleanFileName } from "./clean-file-name";
import type { ReceivedUpload } from "./receive-upload";

const FETCH_TIMEOUT_MS = 30_000;

const refused = (message: string) => new ApiError("BAD_REQUEST", message, [{ path: "url", message }]);

/**
 * MCP's attach_file_from_url: the address fetched through the outbound guard (lib/outbound: the
 * address connected to is checked, so no DNS answer reaches a private or loopback address),
 * without following redirects, streamed to a temporary file with the upload's size limit.
 */
export async function fetchFileFromUrl(rawUrl: string, name: string | undefined, dir: string, maxBytes: number): Promise<ReceivedUpload> {
  const url = new URL(rawUrl);
  const allowPrivate = privateUrlsAllowed();
  if (url.username || url.password) throw refused("An address with a user name or password is refused");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && ((isIP(host) && isForbiddenAddress(host)) || host === "localhost" || host.endsWith(".localhost"))) {
    throw refused("Only public addresses are fetched");
  }
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, randomUUID());
  const client = url.protocol === "https:" ? https : http;
  try {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = client.get(
        url,
        { headers: { "user-agent": "SnapBoard-Files/1" }, lookup: allowPrivate ? undefined : checkedLookup, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) },
        resolve,
      );
      request.on("error", (error: NodeJS.ErrnoException) =>
        reject(refused(error.code === "EFORBIDDEN" ? "Only public addresses are fetched" : `The address could not be fetched (${error.code ?? "error"})`)),
      );
    });
    if (response.statusCode !== 200) {
      response.destroy();
      throw refused(`The address answered ${response.statusCode}${response.statusCode && response.statusCode < 400 ? " (redirects are not followed)" : ""}`);
    }
    const declared = Number(response.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      throw new ApiError("PAYLOAD_TOO_LARGE", `A file may have at most ${maxBytes.toLocaleString("en")} bytes (FILE_MAX_BYTES)`, [
        { path: "url", message: "Too large" },
      ]);
    }
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(
          size > maxBytes ? new ApiError("PAYLOAD_TOO_LARGE", `A file may have at most ${maxBytes.toLocaleString("en")} bytes (FILE_MAX_BYTES)`) : null,
          chunk,
        );
      },
    });
    await pipeline(response, limit, createWriteStream(target));
    if (size === 0) throw refused("The address answered an empty body");
    const fallback = decodeURIComponent(url.pathname.split("/").filter(Boolean).pop() ?? "") || url.hostname;
    return { path: target, name: cleanFileName(name ?? fallback), size };
  } catch (error) {
    await unlink(target).catch(() => {});
    if (error instanceof ApiError) throw error;
    throw refused("The address could not be fetched");
  }
}
