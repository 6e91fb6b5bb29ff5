/** Options every write takes. */
export interface WriteOptions {
  /** Sent as Idempotency-Key on a create (the SDK makes one for every POST when none is given). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Options of a conditional write. */
export interface ConditionalWriteOptions extends WriteOptions {
  /** The ETag you read: the write happens only if the resource still has it (else PreconditionFailedError). */
  ifMatch?: string;
}

/** The headers a write's options stand for. */
export function writeHeaders(options: ConditionalWriteOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  if (options.ifMatch) headers["If-Match"] = options.ifMatch;
  return headers;
}
