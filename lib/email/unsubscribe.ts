import "server-only";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

/** POST /api/account/unsubscribe: a valid token turns its user's notification emails off (`never`). */
export async function unsubscribe(token: string): Promise<void> {
  const userId = verifyUnsubscribeToken(token);
  if (!userId) throw new ApiError("BAD_REQUEST", "This unsubscribe link is not valid", [{ path: "token", message: "Not a token of this server" }]);
  await db.user.updateMany({ where: { id: userId }, data: { emailNotifications: "never" } });
}
