import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";

export interface AppServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * `next start` of the production build on a free port, as a separate process: the same thing a
 * deployment runs. Resolves once /api/health answers (any status when `waitForHealthy` is false).
 */
export async function startAppServer(options: { databaseUrl: string; authSecret: string; waitForHealthy?: boolean }): Promise<AppServer> {
  const port = await freePort();
  const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      AUTH_SECRET: options.authSecret,
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(baseUrl, server, options.waitForHealthy ?? true);
  return {
    baseUrl,
    async stop() {
      if (server.exitCode !== null) return;
      server.kill("SIGTERM");
      await Promise.race([once(server, "exit"), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    },
  };
}

async function freePort(): Promise<number> {
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
