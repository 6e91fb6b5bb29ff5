import { findSnapOpening, type PickWindow, type SnapOpening } from "./find-snap-opening";

/** Share tokens are 32 base64url characters; anything else cannot match, so it is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The public page /s/[token]: the snap's first window (findSnapOpening), read-only, only while it
 * is public (making it private clears the token, so an old link finds nothing). Null when there is
 * no such public snap.
 */
export async function getPublicSnapByToken(token: string, pickWindow: PickWindow): Promise<SnapOpening | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  return findSnapOpening({ shareToken: token, isPublic: true }, pickWindow);
}
