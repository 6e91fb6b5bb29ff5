/**
 * Which process serves an embedded data folder. While a process serves (or starts a server on) a
 * folder it holds `<data folder's parent>/embedded-postgres.json` ({pid, port, url}), created
 * exclusively: two processes never run a server on one folder, and other processes (admin CLI,
 * tests, a second app instance) find the running server there and connect to it rather than start
 * another. A file left by a dead process is taken over. Used by the launcher and scripts only.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export interface EmbeddedState {
  pid: number;
  port?: number;
  url?: string;
}

export const stateFileFor = (dataDir: string) => path.join(path.dirname(path.resolve(dataDir)), "embedded-postgres.json");

export function readState(file: string): EmbeddedState | null {
  try {
    const state = JSON.parse(readFileSync(file, "utf8")) as EmbeddedState;
    return typeof state.pid === "number" ? state : null;
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, owned by another user
  }
}

function portAnswers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** The URL of the embedded server already serving dataDir (in any process), or null. */
export async function findRunningEmbeddedPostgres(dataDir: string): Promise<string | null> {
  const state = readState(stateFileFor(dataDir));
  if (!state?.url || !state.port || !isAlive(state.pid)) return null;
  return (await portAnswers(new URL(state.url).hostname, state.port)) ? state.url : null;
}

/** Thrown when another live process has the folder: serving it, or still starting its server. */
export class EmbeddedInUseError extends Error {}

/**
 * Claims the data folder by creating the state file exclusively (PostgreSQL's postmaster.pid would
 * refuse a second server anyway, less clearly). A file left by a dead process is taken over.
 */
export function claimStateFile(file: string, dataDir: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid }), { flag: "wx", mode: 0o600 });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readState(file);
      if (owner && isAlive(owner.pid)) {
        throw new EmbeddedInUseError(
          `the embedded database ${dataDir} is in use by process ${owner.pid}` +
            (owner.url ? ` (serving ${owner.url.replace(/:[^:@/]*@/, ":***@")})` : " (starting)") +
            `; stop it, or connect to it instead of opening the folder again (see ${file})`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not claim ${file}`);
}

/** Once the server accepts connections: the claim says where it is. */
export function writeServingState(file: string, state: Required<EmbeddedState>): void {
  writeFileSync(file, JSON.stringify(state satisfies EmbeddedState), { mode: 0o600 });
}

export function removeStateFileIfOurs(file: string): void {
  if (readState(file)?.pid === process.pid) rmSync(file, { force: true });
}
