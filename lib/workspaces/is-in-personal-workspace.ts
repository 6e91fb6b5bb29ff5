import "server-only";
import { db } from "@/lib/db/client";

/** Whether the user's current workspace is their personal one (Membership.personal), which they cannot leave. */
export async function isInPersonalWorkspace(userId: string): Promise<boolean> {
  const membership = await db.membership.findUnique({ where: { userId }, select: { personal: true } });
  return membership?.personal ?? true;
}
