/**
 * Optimistic concurrency: a read's ETag sent back as If-Match makes a write happen only if nothing
 * changed meanwhile (412 otherwise). `readModifyWrite` repeats read → change → conditional write
 * until a write lands or the attempts run out.
 */
import { PreconditionFailedError } from "./errors.js";

/** A resource with the ETag it was read at. */
export interface Tagged<Resource> {
  value: Resource;
  etag: string;
}

export interface ModifyOptions {
  /** Reads and writes tried before the 412 is thrown (default 5). */
  maxAttempts?: number;
}

export async function readModifyWrite<Resource, Change, Result>(
  read: () => Promise<Tagged<Resource>>,
  change: (current: Resource) => Change | Promise<Change>,
  write: (change: Change, ifMatch: string) => Promise<Result>,
  options: ModifyOptions = {},
): Promise<Result> {
  const maxAttempts = options.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    const current = await read();
    try {
      return await write(await change(current.value), current.etag);
    } catch (error) {
      if (!(error instanceof PreconditionFailedError) || attempt >= maxAttempts) throw error;
    }
  }
}

/** The ETag of an answer (every GET and PATCH of a snap or a card has one). */
export function etagOf(response: Response): string {
  const etag = response.headers.get("ETag");
  if (!etag) throw new TypeError(`The answer to ${response.url} has no ETag`);
  return etag;
}
