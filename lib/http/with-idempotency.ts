import "server-only";
import { KEY_LIFETIME_SQL } from "./sweep-expired-idempotency-keys";
import { createHash } from "node:crypto";
import { Prisma } from "@/lib/db/generated/client";
import { runTransaction, type Tx } from "@/lib/db/run-transaction";
import { ApiError } from "../errors/api-error";
import { MAX_BODY_BYTES, readBodyBytes } from "./parse";
import type { AuthedContext } from "./route";

type Handler<P extends Record<string, string>> = (request: Request, context: AuthedContext<P>) => Promise<Response>;

/** 1 to 255 visible ASCII characters (a UUID is typical). */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
/** How long a key's first answer is replayed; older rows are ignored (and swept by the job queue). */
const KEY_LIFETIME = Prisma.raw(KEY_LIFETIME_SQL);

export const REPLAYED_HEADER = "Idempotent-Replayed";

interface StoredAnswer {
  requestHash: string;
  status: number | null;
  responseBody: string | null;
}

/**
 * Makes a create safe to retry: with an `Idempotency-Key` header, the first answer (2xx) is stored
 * with the key, and a retry by the same user with the same method, path and body within 24 hours
 * gets that answer again (plus `Idempotent-Replayed: true`) and writes nothing. The same key with
 * another request is 409 IDEMPOTENCY_KEY_REUSED. Without the header, the handler runs as before.
 *
 * The key's row is inserted first, in the same transaction as the write (the handler's own
 * runTransaction joins it), so the two commit or roll back together: a failed create stores
 * nothing and may be retried with the same key. A concurrent request with the same key blocks on
 * that row's insert until the first commits, then replays its answer: one key, one creation,
 * on every instance.
 */
export function withIdempotency<P extends Record<string, string>>(handler: Handler<P>, { maxBytes = MAX_BODY_BYTES } = {}): Handler<P> {
  return async (request, context) => {
    const key = request.headers.get("idempotency-key");
    if (key === null) return handler(request, context);
    if (!KEY_SHAPE.test(key)) {
      throw new ApiError("BAD_REQUEST", "Invalid Idempotency-Key header: use 1 to 255 visible ASCII characters", [
        { path: "(header) Idempotency-Key", message: "1 to 255 visible ASCII characters" },
      ]);
    }
    // Bytes, not text: an uploaded file (a workbook) passes through unchanged.
    const body = await readBodyBytes(request, maxBytes);
    const requestHash = hashRequest(request, body);
    const { userId } = context.principal;

    const outcome = await runTransaction(async (tx) => {
      const stored = await claimKey(tx, userId, key, requestHash);
      if (stored) return { stored };
      const response = await handler(new Request(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(body) }), context);
      // Kept as sent: the body is not read into JSON and back (about 100 ms for a 2,000-card change's 1 MB).
      const text = await response.clone().text();
      await tx.$executeRaw`UPDATE "IdempotencyKey" SET status = ${response.status}, "responseBody" = ${text} WHERE "userId" = ${userId} AND key = ${key}`;
      return { response };
    });
    if (outcome.response) return outcome.response;
    return replay(outcome.stored, requestHash);
  };
}

/**
 * Inserts the key's row, or takes over an expired one; null when this request now owns the key.
 * Otherwise the answer stored under it (after waiting for a concurrent owner to commit).
 */
async function claimKey(tx: Tx, userId: string, key: string, requestHash: string): Promise<StoredAnswer | null> {
  const claimed = await tx.$queryRaw<unknown[]>`
    INSERT INTO "IdempotencyKey" ("userId", key, "requestHash") VALUES (${userId}, ${key}, ${requestHash})
    ON CONFLICT ("userId", key) DO UPDATE
      SET "requestHash" = EXCLUDED."requestHash", status = NULL, "responseBody" = NULL, "createdAt" = now()
      WHERE "IdempotencyKey"."createdAt" < now() - ${KEY_LIFETIME}
    RETURNING 1`;
  if (claimed.length > 0) return null;
  const stored = await tx.idempotencyKey.findUnique({
    where: { userId_key: { userId, key } },
    select: { requestHash: true, status: true, responseBody: true },
  });
  // Gone between the two statements: only a sweep of an expired row can do that.
  if (!stored) throw new ApiError("CONFLICT", "The Idempotency-Key changed concurrently; try again");
  return stored;
}

function replay(stored: StoredAnswer, requestHash: string): Response {
  if (stored.requestHash !== requestHash) {
    throw new ApiError(
      "IDEMPOTENCY_KEY_REUSED",
      "Idempotency-Key reused with a different request: a retry must repeat the method, path and body exactly; use a new key for a new request",
    );
  }
  if (stored.status === null) throw new ApiError("CONFLICT", "A request with this Idempotency-Key is still in progress; retry shortly");
  return new Response(stored.responseBody || null, {
    status: stored.status,
    headers: { "content-type": "application/json", [REPLAYED_HEADER]: "true" },
  });
}

/** SHA-256 of method, path and body; a JSON body in canonical form, so key order and spacing do not matter; any other body as its bytes. */
function hashRequest(request: Request, body: Buffer): string {
  const url = new URL(request.url);
  const json = /^application\/([\w.+-]+\+)?json\b/i.test(request.headers.get("content-type") ?? "");
  return createHash("sha256")
    .update(`${request.method}\n${url.pathname}${url.search}\n`)
    .update(json ? canonicalJson(body.toString("utf8")) : body)
    .digest("hex");
}

function canonicalJson(text: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return text; // not JSON: the handler refuses it, and nothing is stored
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, sortKeys((value as Record<string, unknown>)[name])]),
  );
}
