/**
 * Static security headers for every response. Pages get their Content-Security-Policy from
 * proxy.ts (a per-request script nonce, no 'unsafe-inline' for scripts); the API never renders
 * HTML, so its responses get a policy that allows nothing, at no per-request cost.
 */
const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

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
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // CI runs `npm run typecheck` (the same compiler over app, lib and tests) beside its tests, so its
  // build skips Next's own pass over the same program; every other build still checks types.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  // Native modules stay outside the server bundle.
  serverExternalPackages: ["bcrypt", "pg", "graphile-worker", "@resvg/resvg-js"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: apiContentSecurityPolicy }] },
    ];
  },
};

export default nextConfig;
