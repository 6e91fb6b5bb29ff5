import "server-only";
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from "@/lib/auth/access-tokens/token-format";
import { API_KEY_PREFIX, displayPrefix, isWellFormedApiKey } from "./api-keys/key-format";

const KNOWN_PREFIXES = [API_KEY_PREFIX, ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX];

/**
 * What the access log may say of a presented Bearer credential: a well-formed API key's first 20
 * characters (its label, stored and shown in the key list, so its owner can find it), else only the
 * known prefix of its kind (`service_rt_` for a refresh token sent by mistake) or `other`; never
 * characters of anything else, which may be a whole secret of another kind.
 */
export function loggedCredentialPrefix(credential: string): string {
  if (isWellFormedApiKey(credential)) return displayPrefix(credential);
  return KNOWN_PREFIXES.find((prefix) => credential.startsWith(prefix)) ?? "other";
}
