import "server-only";
import bcrypt from "bcrypt";
import { config } from "@/lib/config";

/**
 * bcrypt's cost for passwords: BCRYPT_COST, 11 by default (about 110 ms here). Passwords are
 * guessable, unlike API keys, so they get more work. A hash keeps the cost it was made with, so
 * changing it changes new hashes only. Test suites set 4 (about 1 ms): they sign up hundreds of
 * users, and at 11 bcrypt was half of `npm test`'s CPU.
 */
export const passwordBcryptCost = (): number => config().BCRYPT_COST;

/**
 * Compared against when the email is unknown, so both paths take the same time. Made on the first
 * sign-in, off the event loop (a hashSync there held every other request for a hash's time).
 */
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, passwordBcryptCost());
}

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  dummyHash ??= bcrypt.hash("no-such-user-password", passwordBcryptCost());
  const ok = await bcrypt.compare(password, hash ?? (await dummyHash));
  return ok && Boolean(hash);
}
