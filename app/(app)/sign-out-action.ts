"use server";

import { signOut } from "@/lib/auth/next-auth";

/** Ends the browser session; Next's server actions already refuse cross-origin posts. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}
