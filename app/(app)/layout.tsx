import type { ReactNode } from "react";
import { TopBar } from "@/components/app-shell/top-bar";
import { QueueReplayer } from "@/components/device/queue-replayer";
import { DeviceSession } from "@/components/offline/device-session";
import { requirePagePrincipal } from "@/lib/auth/get-page-principal";
import { signOutAction } from "./sign-out-action";

/** The signed-in shell. Each page checks the session too: a layout alone does not guard its pages. */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const principal = await requirePagePrincipal();
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:shadow"
      >
        Skip to content
      </a>
      <DeviceSession owner={{ userId: principal.userId, name: principal.name, email: principal.email }} />
      <TopBar name={principal.name} email={principal.email} signOutAction={signOutAction} />
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        {children}
      </main>
      <QueueReplayer userId={principal.userId} />
    </div>
  );
}
