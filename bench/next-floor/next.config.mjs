import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository: the floor's route imports the app's SQL from lib/, outside this folder. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** @type {import("next").NextConfig} */
const nextConfig = {
  turbopack: { root },
  // pg and bcrypt stay node_modules packages, as in the app.
  serverExternalPackages: ["pg", "bcrypt"],
  // The repository's typecheck covers the route (tsconfig.json includes it): the bench builds, nothing more.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
