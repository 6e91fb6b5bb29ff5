import { findSnapDetail, type SnapDetail } from "./find-snap-detail";

/** Share tokens are 32 base64url characters; anything else cannot match, so it is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The public page /s/[token]: the full snap, read-only, only while it is public (making it private
 * clears the token, so an old link finds nothing). Null when there is no such public snap.
 */
export async function getPublicSnapByToken(token: string): Promise<SnapDetail | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  return findSnapDetail({ shareToken: token, isPublic: true });
}
