import type { z } from "zod";
import { ApiError } from "../errors/api-error";
import { findPrototypeKey } from "./find-prototype-key";
import { findUnstorableText } from "./find-unstorable-text";
import { zodErrorDetails } from "./zod-details";

/** Bodies above this are refused before parsing (413), unless a route allows more (card batches). */
export const MAX_BODY_BYTES = 1_000_000;

/** A schema failure as a 400 naming each field path (also for MCP tool arguments). */
export function validate<S extends z.ZodType>(schema: S, value: unknown, what: "body" | "query" | "arguments"): z.output<S> {
  const unstorable = findUnstorableText(value, `(${what})`);
  if (unstorable) throw new ApiError("BAD_REQUEST", `Invalid ${what}: ${unstorable.path} ${unstorable.message}`, [unstorable]);
  const prototypeKey = findPrototypeKey(value, `(${what})`);
  if (prototypeKey) throw new ApiError("BAD_REQUEST", `Invalid ${what}: ${prototypeKey.path} ${prototypeKey.message}`, [prototypeKey]);
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = zodErrorDetails(result.error, undefined, `(${what})`);
    const first = details[0];
    const summary = first ? `Invalid ${what}: ${first.path} ${first.message}` : `Invalid ${what}`;
    throw new ApiError("BAD_REQUEST", summary, details);
  }
  return result.data;
}

/** Reads a JSON body: content type, size, syntax and shape are all checked; nothing is trusted. */
export async function parseJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = MAX_BODY_BYTES }: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  return validate(schema, await readJsonBody(request, { maxBytes }), "body");
}

/** A JSON body's value, its content type, size and syntax checked, for a caller that validates it itself. */
export async function readJsonBody(request: Request, { maxBytes = MAX_BODY_BYTES }: { maxBytes?: number } = {}): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON with Content-Type: application/json");
  }
  const text = await readBodyText(request, maxBytes);

  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("BAD_REQUEST", "The request body is not valid JSON", [{ path: "(body)", message: "Malformed JSON" }]);
  }
}

/**
 * The body as text, never more than `maxBytes` of it in memory: a Content-Length over the limit
 * is refused before reading a byte, and a body without one (chunked) is read as a stream and
 * refused at the first chunk past the limit (413), the rest left unread.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString("utf8");
}

/** The body's bytes as they came (a file's, which text would corrupt), within `maxBytes` as readBodyText. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw payloadTooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new ApiError("BAD_REQUEST", "The request body could not be read to its end");
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw payloadTooLarge(maxBytes);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}

/** Query parameters as a plain object; repeated keys keep the first value. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) if (!(key in params)) params[key] = value;
  return validate(schema, params, "query");
}

export function payloadTooLarge(maxBytes: number) {
  return new ApiError("PAYLOAD_TOO_LARGE", `The body exceeds ${maxBytes} bytes`);
}
