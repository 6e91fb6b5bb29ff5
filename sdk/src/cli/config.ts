/**
 * Where `snapboard login` keeps the server's address and the credential: a JSON file in the user's
 * config directory ($XDG_CONFIG_HOME/snapboard, ~/.config/snapboard, or %APPDATA%\snapboard), readable
 * by its owner only (0600, in a 0700 folder). SNAPBOARD_URL and SNAPBOARD_API_KEY override it.
 */
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

export interface StoredLogin {
  url: string;
  /** An API key, or an OAuth access token with its refresh token. */
  apiKey?: string;
  accessToken?: string;
  refreshToken?: string;
  /** When the access token expires (ms since the epoch). */
  expiresAt?: number;
  /** The OAuth client the CLI registered on that server (public, PKCE). */
  clientId?: string;
}

export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SNAPBOARD_CONFIG_DIR) return env.SNAPBOARD_CONFIG_DIR;
  if (process.platform === "win32" && env.APPDATA) return join(env.APPDATA, "snapboard");
  return join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "snapboard");
}

export const configFile = (env?: NodeJS.ProcessEnv) => join(configDirectory(env), "config.json");

export async function readLogin(env: NodeJS.ProcessEnv = process.env): Promise<StoredLogin | undefined> {
  try {
    return JSON.parse(await readFile(configFile(env), "utf8")) as StoredLogin;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

export async function writeLogin(login: StoredLogin, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const directory = configDirectory(env);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const file = configFile(env);
  // Written with 0600 from the start, and set again in case the file already existed with more.
  await writeFile(file, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}

export async function removeLogin(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await rm(configFile(env), { force: true });
}
