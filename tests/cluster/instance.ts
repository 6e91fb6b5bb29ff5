/**
 * One app instance as an operator runs it: `npm start` (which execs the launcher: next-server and the
 * job worker beside it) in a process group of its own, so that a kill -9 takes the whole instance, as
 * a lost machine or container would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { OutputLog } from "./infrastructure";

export class Instance {
  process: ChildProcess | null = null;
  readonly log = new OutputLog();
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts `npm start`; resolves once /api/health answers 200 (each answer is what is waited on). */
  async start(): Promise<void> {
    this.starts += 1;
    const child = spawn("npm", ["start"], {
      env: { ...this.env, PORT: String(this.port), HOSTNAME: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true, // a process group of its own: kill -9 of the group is the whole instance
    });
    this.process = child;
    this.log.attach(child);
    const from = this.log.mark();
    await this.log.waitFor(/Ready in/, from, `${this.name}'s next start`, 120_000);
    for (;;) {
      const status = await fetch(`${this.url}/api/health`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return;
      if (child.exitCode !== null) throw new Error(`${this.name} exited during its start:\n${this.log.text.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100)); // the next health check
    }
  }

  /** SIGTERM to npm alone, as a service manager or a rolling deploy sends it; resolves with npm's exit code. */
  async stop(): Promise<number | null> {
    const child = this.process!;
    const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    child.kill("SIGTERM");
    const [code] = await exited;
    this.process = null;
    return code;
  }

  /** kill -9 of every process of the instance (npm, the launcher, next-server, the job worker). */
  async kill(): Promise<void> {
    const child = this.process!;
    const exited = once(child, "exit");
    process.kill(-child.pid!, "SIGKILL");
    await exited;
    this.process = null;
  }

  /** At the end: whatever is left of the instance goes. */
  killQuietly(): void {
    if (!this.process?.pid) return;
    try {
      process.kill(-this.process.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
