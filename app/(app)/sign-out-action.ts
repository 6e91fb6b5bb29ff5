"use server";

import { headers } from "next/headers";
import { recordAuthEvent } from "@/lib/audit/record-auth-event";
import { auth, signOut } from "@/lib/auth/next-auth";
import { clientIp } from "@/lib/rate-limit/client-ip";

/** Ends the browser session; Next's server actions already refuse cross-origin posts. */
export async function signOutAction(): Promise<void> {
  const userId = (await auth())?.user?.id;
  if (userId) await recordAuthEvent("auth.signed_out", userId, clientIp(new Request("http://local/", { headers: await headers() })));
  await signOut({ redirectTo: "/sign-in" });
}
