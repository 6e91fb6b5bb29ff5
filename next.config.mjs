import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const distDir = process.env.NEXT_DIST_DIR || ".next";

/**
 * A build into another folder than .next (a second checkout's test run, a bench) would add that
 * folder's type globs to tsconfig.json's include list: Next writes what its build folder needs into
 * the tsconfig it reads. So such a build reads one of its own, written here (outside the build
 * folder, which the build empties first): it extends tsconfig.json and names the globs Next looks
 * for, and tsconfig.json is never rewritten.
 */
function tsconfigOfBuildFolder() {
  if (distDir === ".next") return undefined;
  const folder = path.join("node_modules", ".cache", "snap-tsconfig");
  const file = path.join(folder, `${path.basename(path.resolve(distDir))}.json`);
  const root = path.relative(folder, ".").replaceAll(path.sep, "/");
  const types = path.relative(".", distDir).replaceAll(path.sep, "/");
  const tsconfig = {
    extends: `${root}/tsconfig.json`,
    compilerOptions: { plugins: [{ name: "next" }] },
    // The sources and the build folder's types, relative to this file; then the globs as Next compares them.
    include: [
      ...[`next-env.d.ts`, "**/*.ts", "**/*.tsx", `${types}/types/**/*.ts`, `${types}/dev/types/**/*.ts`].map((glob) => `${root}/${glob}`),
      `${types}/types/**/*.ts`,
      `${types}/dev/types/**/*.ts`,
    ],
  };
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, `${JSON.stringify(tsconfig, null, 2)}\n`);
  return file;
}

/**
 * Static security headers for every response. Pages get their Content-Security-Policy from
 * proxy.ts (a per-request script nonce, no 'unsafe-inline' for scripts); the API never renders
 * HTML, so its responses get a policy that allows nothing, at no per-request cost.
 */
const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";
/** Uploaded files also get `sandbox`: a file opened as a document runs nothing, with an opaque origin (docs/SECURITY.md, "Uploaded files"). */
const fileContentSecurityPolicy = `${apiContentSecurityPolicy}; sandbox`;
/**
 * A PDF's ?view=1 answer (lib/files/serve-file.ts refuses it for any other type) is framed by the
 * app's file viewer: no `sandbox`, which Chrome's PDF viewer refuses to run under, and framable by
 * this origin only. Its inline styles are the viewer's own page around the PDF.
 */
const pdfViewContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Another build folder lets parallel checkouts' test runs share one tree without clobbering.
  distDir,
  // The container image (Containerfile) builds with NEXT_OUTPUT=standalone: the server and only the
  // files it uses, in .next/standalone, run by the launcher in place of `next start`.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  poweredByHeader: false,
  reactStrictMode: true,
  // CI runs `npm run typecheck` (the same compiler over app, lib and tests) beside its tests, so its
  // build skips Next's own pass over the same program; every other build still checks types.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1", tsconfigPath: tsconfigOfBuildFolder() },
  // Turbopack keeps a build cache in the build folder for the next build (a stale build's rebuild at
  // npm start); CI builds a fresh clone once, so writing it (10–16 s there) would be for nothing.
  experimental: { turbopackFileSystemCacheForBuild: process.env.SKIP_BUILD_CACHE !== "1" },
  // Native modules stay outside the server bundle.
  // esbuild bundles the service worker when the build prerenders app/serwist (docs/OFFLINE.md).
  serverExternalPackages: ["bcrypt", "pg", "graphile-worker", "@resvg/resvg-js", "esbuild"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: apiContentSecurityPolicy }] },
      // The service worker's own policy: it fetches from this origin only (docs/OFFLINE.md).
      { source: "/serwist/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'self'; frame-ancestors 'none'" }] },
      // The last header of a key that matches wins.
      { source: "/api/files/:path*", headers: [{ key: "Content-Security-Policy", value: fileContentSecurityPolicy }] },
      {
        source: "/api/files/:path*",
        has: [{ type: "query", key: "view", value: "1" }],
        headers: [
          { key: "Content-Security-Policy", value: pdfViewContentSecurityPolicy },
          { key: "X-Frame-Options", value: "SAMEORIGIN" },
        ],
      },
    ];
  },
};

export default nextConfig;
