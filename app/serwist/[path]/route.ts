import { createHash } from "node:crypto";
import { createSerwistRoute } from "@serwist/turbopack";
import { OFFLINE_SHELL_PATH } from "@/components/offline/offline-shell-path";

/**
 * The service worker (/serwist/sw.js, scope /), bundled by esbuild when the app is built and served
 * as a static file: Serwist's way with Turbopack, which takes no webpack plugin (docs/OFFLINE.md).
 * Its precache is the build's own files (`_next/static`, `public/`) and the offline shell, whose
 * revision follows theirs: a new build's shell is fetched again.
 */
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "app/serwist/service-worker.ts",
  useNativeEsbuild: true,
  // A classic script (not a module): every browser with service workers runs it. No source map is published.
  esbuildOptions: { sourcemap: false, format: "iife" },
  // The build's chunks for every page: a precache of a few megabytes, fetched once per build.
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  manifestTransforms: [
    (entries) => {
      const revision = createHash("sha256")
        .update(JSON.stringify(entries.map(({ url, revision }) => [url, revision])))
        .digest("hex")
        .slice(0, 20);
      return { manifest: [...entries, { url: OFFLINE_SHELL_PATH, revision, size: 0 }], warnings: [] };
    },
  ],
});
