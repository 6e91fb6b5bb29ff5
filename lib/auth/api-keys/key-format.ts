import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** A fixed prefix and 48 base64url characters, 36 random bytes, 288 bits (docs/API.md, "API keys"). */
export const API_KEY_PREFIX = "service_sk_";
export const API_KEY_RANDOM_LENGTH = 48;
/** The first 20 characters are stored and shown as the key's prefix. */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 20;

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${API_KEY_RANDOM_LENGTH}}$`);

export function generateApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes((API_KEY_RANDOM_LENGTH * 3) / 4).toString("base64url");
}

/** True for a string shaped like one of our keys: truncated or over-long copies fail here, cheaply. */
export function isWellFormedApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

export function displayPrefix(key: string): string {
  return key.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH);
}

/** A process-local fingerprint of a key already proven by bcrypt; never stored or logged. */
export function fingerprint(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}
