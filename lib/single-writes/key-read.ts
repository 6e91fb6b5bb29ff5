import "server-only";
import { INVALID_KEY_MESSAGE, READ_ONLY_KEY_MESSAGE, readUnreadKey } from "@/lib/auth/api-keys/authenticate-api-key";
import { ApiError } from "@/lib/errors/api-error";
import type { Principal } from "@/lib/request/principal";

/**
 * The principal with its API key read, as authentication reads it: as given unless `keyUnread`
 * (lib/request/principal.ts). 401 when the key is no longer active, 403 when it may only read.
 * What a single write takes before any read of its own, and after its statement found the key changed.
 */
export async function keyRead(principal: Principal): Promise<Principal> {
  if (!principal.keyUnread) return principal;
  const read = await readUnreadKey(principal);
  if (!read) throw new ApiError("UNAUTHORIZED", INVALID_KEY_MESSAGE);
  if (read.access === "read") throw new ApiError("FORBIDDEN", READ_ONLY_KEY_MESSAGE);
  return read;
}
