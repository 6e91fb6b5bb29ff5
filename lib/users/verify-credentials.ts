import "server-only";
import { verifyPassword } from "@/lib/users/passwords";
import { db } from "@/lib/db/client";
import { signInInputSchema } from "./schemas";

/** The user for an email and password, or null; an unknown email costs the same time as a wrong password. */
export async function verifyCredentials(input: unknown) {
  const parsed = signInInputSchema.safeParse(input);
  if (!parsed.success) return null;
  const user = await db.user.findUnique({
    where: { email: parsed.data.email },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  const ok = await verifyPassword(parsed.data.password, user?.passwordHash);
  return ok && user ? { id: user.id, email: user.email, name: user.name } : null;
}
