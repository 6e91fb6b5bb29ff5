import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { keepAliveArgs } from "../../scripts/server-keep-alive";

export interface AppServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Rate limits no test trips by accident: many send wrong keys on purpose, and the hostile-input
 * test sends more than 10,000 requests from one address. Tests of the limits pass low ones in `env`.
 */
export const GENEROUS_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_REQUESTS_PER_MINUTE: "10000000",
  RATE_LIMIT_FAILED_AUTH_PER_IP: "10000000",
  RATE_LIMIT_FAILED_AUTH_PER_KEY_PREFIX: "10000000",
  RATE_LIMIT_SIGN_IN_PER_IP: "10000000",
  RATE_LIMIT_SIGN_IN_PER_EMAIL: "10000000",
  RATE_LIMIT_SIGN_UP_PER_IP: "10000000",
  RATE_LIMIT_SIGN_UP_PER_EMAIL: "10000000",
  RATE_LIMIT_OAUTH_REGISTRATIONS_PER_IP: "10000000",
  RATE_LIMIT_OAUTH_TOKENS_PER_IP: "10000000",
};

/**
 * bcrypt at its lowest cost: the suites sign up hundreds of users and keys, and at the default cost
 * (lib/users/passwords.ts) hashing them was half of `npm test`'s CPU. Also the e2e servers' (playwright.config.ts)
 * and, through vitest.config.ts, what test files start themselves.
 */
export const FAST_TEST_HASHING: Record<string, string> = { BCRYPT_COST: "4" };

/**
 * The test servers stand behind a pretend proxy that appends to X-Forwarded-For, so that a test
 * picks the client address it needs (its own, for limits the others do not trip) with that header.
 */
const BEHIND_ONE_PROXY: Record<string, string> = { TRUSTED_PROXY_HOPS: "1" };

interface AppServerOptions {
  databaseUrl: string;
  authSecret: string;
  waitForHealthy?: boolean;
  /** Extra environment, over GENEROUS_RATE_LIMITS. */
  env?: Record<string, string>;
  /** Receives everything the server writes to stdout and stderr (else it goes to the test's own). */
  onOutput?: (text: string) => void;
  /** false: TRUSTED_PROXY_HOPS unset, as a deployment's default (the socket's address counts). */
  behindProxy?: boolean;
  /** The environment's values that need the server's own URL (AUTH_URL), given it before it starts. */
  envOfBaseUrl?: (baseUrl: string) => Record<string, string>;
  /** This port rather than a free one: a server stopped and started again where the browser had it. */
  port?: number;
}

/**
 * `next start` of the production build on a free port, as a separate process: the same thing a
 * deployment runs. Resolves once /api/health answers (any status when `waitForHealthy` is false).
 */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "TRUSTED_PROXY_HOPS"));
  const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1", ...keepAliveArgs()], {
    env: {
      ...inherited,
      ...(options.behindProxy === false ? {} : BEHIND_ONE_PROXY),
      ...GENEROUS_RATE_LIMITS,
      ...FAST_TEST_HASHING,
      // One access line per request would bury the test output (the hostile-input test alone sends 10,000).
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...options.env,
      ...options.envOfBaseUrl?.(baseUrl),
      DATABASE_URL: options.databaseUrl,
      AUTH_SECRET: options.authSecret,
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
    },
    stdio: ["ignore", options.onOutput ? "pipe" : "inherit", options.onOutput ? "pipe" : "inherit"],
  });
  if (options.onOutput) {
    const onOutput = options.onOutput;
    server.stdout?.setEncoding("utf8").on("data", onOutput);
    server.stderr?.setEncoding("utf8").on("data", onOutput);
  }
  await waitForServer(baseUrl, server, options.waitForHealthy ?? true);
  return {
    baseUrl,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      // Waits for the exit event; the 5 s is only a bound on a drain that hangs, never a wait for state.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      // Gone for good, its port free: a test may start another on it.
      if (server.exitCode === null && server.signalCode === null) {
        server.kill("SIGKILL");
        await exited;
      }
    },
  };
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

async function waitForServer(baseUrl: string, server: ChildProcess, healthy: boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok || !healthy) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not answer within 60 s");
}
