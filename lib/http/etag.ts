import "server-only";
import { createHash } from "node:crypto";
import { ApiError } from "../errors/api-error";

/** An If-Match precondition: any current version ("*"), or one of these entity tags. */
export type IfMatch = "*" | readonly string[];

/**
 * A strong entity tag: a quoted digest of whatever identifies one version of a representation
 * (RFC 9110 8.8.3). Opaque to clients; equal tags mean byte-equal representations.
 */
export function entityTag(...parts: (string | number | boolean | null)[]): string {
  return `"${createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 27)}"`;
}

/** The entity tags of an If-Match or If-None-Match header; a bare token is taken as if it were quoted. */
function parseTags(header: string): string[] {
  const quoted = header.match(/(?:W\/)?"[^"]*"/g);
  if (quoted) return quoted;
  return header
    .split(",")
    .map((token) => token.trim())
    .filter(Boolean)
    .map((token) => `"${token}"`);
}

/** The request's If-Match, or undefined without one. */
export function readIfMatch(request: Request): IfMatch | undefined {
  const header = request.headers.get("if-match");
  if (header === null) return undefined;
  return header.trim() === "*" ? "*" : parseTags(header);
}

/**
 * Throws 412 PRECONDITION_FAILED unless the resource's current tag satisfies If-Match, compared
 * strongly: a weak tag never matches (RFC 9110 13.1.1). Call it with the row locked, before writing.
 */
export function assertIfMatch(ifMatch: IfMatch | undefined, currentTag: string, what: string): void {
  if (ifMatch === undefined || ifMatch === "*" || ifMatch.includes(currentTag)) return;
  throw new ApiError("PRECONDITION_FAILED", `The ${what} changed since you read it: If-Match does not match its current ETag; read it again`);
}

function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (header === null || request.method !== "GET") return false;
  const strip = (tag: string) => tag.replace(/^W\//, "");
  return header.trim() === "*" || parseTags(header).some((tag) => strip(tag) === strip(etag));
}

const etagHeaders = (etag: string) => ({ ETag: etag, "Cache-Control": "private, no-cache" });

/** A GET's answer: 304 when If-None-Match already names the current tag (weak comparison), else the JSON. */
export function jsonWithEtag(request: Request, data: unknown, etag: string): Response {
  if (matchesIfNoneMatch(request, etag)) return new Response(null, { status: 304, headers: etagHeaders(etag) });
  return Response.json(data, { headers: etagHeaders(etag) });
}

/** jsonWithEtag for a body already serialized (the bytes Response.json would send for it). */
export function jsonBytesWithEtag(request: Request, body: Uint8Array<ArrayBuffer>, etag: string): Response {
  if (matchesIfNoneMatch(request, etag)) return new Response(null, { status: 304, headers: etagHeaders(etag) });
  return new Response(body, { headers: { ...etagHeaders(etag), "Content-Type": "application/json" } });
}
