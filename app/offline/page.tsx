import type { Metadata } from "next";
import { OfflineShell } from "@/components/offline/offline-shell";

export const metadata: Metadata = { title: "Offline" };

/**
 * The offline shell: the service worker keeps this page and answers any page with it when the
 * network is not there (docs/OFFLINE.md). It holds no one's data and asks for no session: what it
 * shows comes from the signed-in person's copies on this device, read in the browser.
 */
export default function OfflinePage() {
  return <OfflineShell />;
}
