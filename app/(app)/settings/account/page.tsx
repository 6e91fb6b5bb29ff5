import type { Metadata } from "next";
import { EmailPreferencePanel } from "@/components/settings/email-preference-panel";
import { requirePagePrincipal } from "@/lib/auth/get-page-principal";
import { getAccount } from "@/lib/users/get-account";

export const metadata: Metadata = { title: "Account" };

export default async function AccountSettingsPage() {
  const account = await getAccount(await requirePagePrincipal());
  return <EmailPreferencePanel initial={account.emailNotifications} emailEnabled={account.emailEnabled} email={account.user.email} />;
}
