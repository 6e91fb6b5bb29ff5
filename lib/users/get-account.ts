import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { emailEnabled } from "@/lib/email/email-config";
import { ApiError } from "@/lib/errors/api-error";
import type { AccountResponse } from "./account-schemas";

/** GET /api/account: who is signed in, and how they hear of notifications by email. */
export async function getAccount(principal: Principal): Promise<AccountResponse> {
  const user = await db.user.findUnique({ where: { id: principal.userId }, select: { id: true, email: true, name: true, emailNotifications: true } });
  if (!user) throw new ApiError("NOT_FOUND", "Account not found");
  return { user, emailNotifications: user.emailNotifications, emailEnabled: emailEnabled() };
}
