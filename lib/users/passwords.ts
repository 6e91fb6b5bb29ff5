import "server-only";
import bcrypt from "bcrypt";

/** Cost 11: about 110 ms here. Passwords are guessable, unlike API keys, so they get more work. */
const PASSWORD_BCRYPT_COST = 11;
/** Compared against when the email is unknown, so both paths take the same time. */
const DUMMY_HASH = bcrypt.hashSync("no-such-user-password", PASSWORD_BCRYPT_COST);

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, PASSWORD_BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  return bcrypt.compare(password, hash ?? DUMMY_HASH).then((ok) => ok && Boolean(hash));
}
