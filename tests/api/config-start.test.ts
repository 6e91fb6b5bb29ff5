import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, inject, it } from "vitest";

/** `next start` of the production build with `env`: its exit code and everything it printed. */
async function startWith(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", "0", "-H", "127.0.0.1"], {
    env: { ...process.env, DATABASE_URL: inject("databaseUrl"), AUTH_SECRET: inject("authSecret"), NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.setEncoding("utf8").on("data", (text: string) => (output += text));
  server.stderr.setEncoding("utf8").on("data", (text: string) => (output += text));
  const [code] = (await once(server, "exit")) as [number | null];
  return { code, output };
}

describe("configuration at start (lib/config.ts)", () => {
  it("a value a variable does not accept stops the server, naming the variable and what it accepts", async () => {
    const { code, output } = await startWith({ DATABASE_POOL_SIZE: "plenty" });
    expect(code).toBe(1);
    expect(output).toContain('DATABASE_POOL_SIZE expects a whole number from 1 to 1000, got "plenty"');
  });
});
