import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import type { AccountResponse, AccountUpdate } from "./account-schemas";
import { getAccount } from "./get-account";

/** PATCH /api/account: the email preference (immediately, daily, never). */
export async function updateAccount(principal: Principal, input: AccountUpdate): Promise<AccountResponse> {
  await db.user.update({ where: { id: principal.userId }, data: { emailNotifications: input.emailNotifications } });
  return getAccount(principal);
}
