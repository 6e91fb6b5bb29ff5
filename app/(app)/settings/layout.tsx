import type { ReactNode } from "react";
import { SettingsTabs } from "@/components/settings/settings-tabs";

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">Manage your workspace, its members, and the apps connected to your account.</p>
      <SettingsTabs />
      <div className="pt-8">{children}</div>
    </>
  );
}
