/// <reference lib="webworker" />
import { NetworkOnly, Serwist, type PrecacheEntry, type SerwistGlobalConfig } from "serwist";
import { OFFLINE_SHELL_PATH } from "@/components/offline/offline-shell-path";

/**
 * The service worker (docs/OFFLINE.md). It keeps the app's own files (the build's `_next/static` and
 * `public/`, listed at build time) and the offline shell, a page with no one's data in it. A page
 * is always asked of the network; when there is none, the shell answers, and the shell reads the
 * board from the signed-in person's copies on the device. Nothing else is handled here: API
 * requests, files and pages' data go to the network as if there were no worker, so no answer of one
 * person is ever kept where another could read it.
 */
declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // A new build's worker takes over at once: the old one's precache is of files the server no longer has.
  skipWaiting: true,
  clientsClaim: true,
  // The page's request starts while the worker wakes up.
  navigationPreload: true,
  runtimeCaching: [{ matcher: ({ request }) => request.mode === "navigate", handler: new NetworkOnly() }],
  fallbacks: { entries: [{ url: OFFLINE_SHELL_PATH, matcher: ({ request }) => request.mode === "navigate" }] },
});

serwist.addEventListeners();
