/** The page the service worker answers a navigation with when the network is not there (docs/OFFLINE.md). */
export const OFFLINE_SHELL_PATH = "/offline";

/** The service worker's script: its scope is the whole app. */
export const SERVICE_WORKER_URL = "/serwist/sw.js";
