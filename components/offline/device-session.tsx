"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { claimDevice, type DeviceOwner } from "./device-owner";
import { onDeviceForgotten } from "./forget-this-device";
import { SERVICE_WORKER_URL } from "./offline-shell-path";

/**
 * The signed-in app's link to this device (docs/OFFLINE.md): the device's copies are this person's
 * (another person's are removed first), the service worker is installed so that boards open offline,
 * and a sign-out in another tab brings this one to the sign-in page.
 */
export function DeviceSession({ owner }: { owner: DeviceOwner }) {
  const { userId, name, email } = owner;
  const router = useRouter();
  useEffect(() => {
    claimDevice({ userId, name, email }).catch((error: unknown) => console.error("could not record this device's owner", error));
  }, [userId, name, email]);

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch((error: unknown) => console.error("service worker not installed", error));
  }, []);

  useEffect(
    () =>
      onDeviceForgotten(() => {
        router.replace("/sign-in");
        router.refresh();
      }),
    [router],
  );
  return null;
}
