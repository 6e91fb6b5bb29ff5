import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { FAST_TEST_HASHING } from "./tests/setup/app-server";

// E2E_PORT lets two e2e runs share the machine (each with its own build folder and database).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

/**
 * Two app instances, started by the same launcher users run, on one database (tests/e2e/live.spec.ts:
 * a change made through one reaches a browser on the other): DATABASE_URL's server, or the embedded
 * PostgreSQL that the first launcher starts and the second one finds running.
 */
function appServer(port: number) {
  return {
    command: "node scripts/start.mjs",
    url: `http://localhost:${port}/api/health`,
    // Many sign-ups and sign-ins from one address: rate limits far above what the suite does.
    env: {
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
      RATE_LIMIT_REQUESTS_PER_MINUTE: "1000000",
      RATE_LIMIT_FAILED_AUTH_PER_IP: "1000000",
      RATE_LIMIT_FAILED_AUTH_PER_KEY_PREFIX: "1000000",
      RATE_LIMIT_SIGN_IN_PER_IP: "1000000",
      RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000000",
      RATE_LIMIT_SIGN_UP_PER_IP: "1000000",
      RATE_LIMIT_SIGN_UP_PER_EMAIL: "1000000",
      RATE_LIMIT_OAUTH_REGISTRATIONS_PER_IP: "1000000",
      RATE_LIMIT_OAUTH_TOKENS_PER_IP: "1000000",
      ...FAST_TEST_HASHING,
    },
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: "pipe",
  } as const;
}

/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`): the same Blink without the
 * browser's own interface, as Playwright's own headless mode uses, at half the CPU of the full
 * browser run headless (docs/PERFORMANCE.md, "CI run time"). The full browser when the shell is
 * missing, or CHROMIUM_PATH=/usr/bin/chromium for `--headed`.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * End-to-end tests against the production build, started by the same launcher users run
 * (scripts/start.mjs: builds when stale, DATABASE_URL or the embedded database, migrations),
 * in Debian's Chromium (above), quiet and offline.
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  // Two tests at a time, from any file (a file of long tests would otherwise run last, alone): a
  // test spends much of its time waiting for the browser and the servers, and every test signs up
  // users of its own (docs/CODE_STYLE.md, "Tests"). A file whose tests share state says `serial`.
  workers: Number(process.env.E2E_WORKERS) || 2,
  fullyParallel: true,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    // A control that never shows fails its step in seconds, not at the test's whole timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    viewport: { width: 1280, height: 800 },
    // Recording a trace costs every test CPU (a screencast and DOM snapshots): in CI, where a failed
    // test runs again, only the retry records one.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [appServer(PORT), appServer(PORT + 1)],
});
