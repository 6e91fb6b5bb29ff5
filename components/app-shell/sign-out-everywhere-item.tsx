"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { SignOutIcon } from "@/components/ui/icons";
import { Toast } from "@/components/ui/toast";
import { forgetThisDevice } from "@/components/offline/forget-this-device";

/**
 * Ends every session of the user (all browsers, every instance) through the API, then goes to the
 * sign-in page: this browser's session ended too.
 */
export function SignOutEverywhereItem({ className }: { className: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signOutEverywhere() {
    setPending(true);
    const response = await fetch("/api/account/sign-out-everywhere", { method: "POST" }).catch(() => null);
    if (response?.ok) {
      // As a sign-out here: this device's copies and queued changes go (docs/OFFLINE.md).
      await forgetThisDevice();
      router.replace("/sign-in");
      router.refresh();
      return;
    }
    setPending(false);
    setError(response ? "Could not sign out everywhere. Try again." : "Could not reach the server. Check your connection and try again.");
  }

  return (
    <>
      <button
        type="button"
        role="menuitem"
        data-menu-item
        tabIndex={-1}
        className={className}
        aria-busy={pending || undefined}
        disabled={pending}
        onClick={signOutEverywhere}
      >
        <SignOutIcon className="size-4 text-slate-400" />
        {pending ? "Signing out everywhere…" : "Sign out everywhere"}
      </button>
      <Toast message={error} tone="error" onDismiss={() => setError(null)} />
    </>
  );
}
