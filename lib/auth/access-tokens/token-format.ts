import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** `service_at_` (access) and `service_rt_` (refresh) + 48 base64url characters: 36 random bytes, 288 bits. */
export const ACCESS_TOKEN_PREFIX = "service_at_";
export const REFRESH_TOKEN_PREFIX = "service_rt_";
const RANDOM_LENGTH = 48;

const ACCESS_PATTERN = new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{${RANDOM_LENGTH}}$`);
const REFRESH_PATTERN = new RegExp(`^${REFRESH_TOKEN_PREFIX}[A-Za-z0-9_-]{${RANDOM_LENGTH}}$`);

/** A new random secret: a token with its prefix, or (no prefix) a code or client secret. */
export function generateSecret(prefix = ""): string {
  return prefix + randomBytes((RANDOM_LENGTH * 3) / 4).toString("base64url");
}

export function isAccessTokenShaped(value: string): boolean {
  return ACCESS_PATTERN.test(value);
}

export function isRefreshTokenShaped(value: string): boolean {
  return REFRESH_PATTERN.test(value);
}

/**
 * What is stored of a token, code or client secret: its SHA-256 (base64url). These are 288-bit
 * random values, so a fast hash is enough (no dictionary to try), and a lookup by it is one index probe.
 */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

/** Constant-time equality of two stored hashes (or any two strings). */
export function sameSecretHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
