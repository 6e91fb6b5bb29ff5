import "server-only";
import { db, type DbOrTx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";

/** Emails are stored trimmed and lower-cased (lib/users/schemas.ts), so lookups normalize the same way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user with this email, or null. Never selects the password hash. */
export function findUserByEmail(email: string, client: DbOrTx = db) {
  return client.user.findUnique({
    where: { email: normalizeEmail(email) },
    select: { id: true, email: true, name: true },
  });
}

/** The user with this email, else ApiError NOT_FOUND naming the field. */
export async function requireUserByEmail(email: string, client: DbOrTx = db, path = "email") {
  const user = await findUserByEmail(email, client);
  if (!user) throw new ApiError("NOT_FOUND", `No user with email ${normalizeEmail(email)}`, [{ path, message: "No such user" }]);
  return user;
}
