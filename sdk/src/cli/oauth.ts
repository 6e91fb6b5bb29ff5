/**
 * `snapboard login --oauth`: OAuth 2.1 for a native app (RFC 8252). The CLI registers itself as a
 * public client (PKCE, no secret), listens on a loopback port for the redirect, opens the browser
 * on the consent page, and exchanges the code for an access and a refresh token.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { StoredLogin } from "./config.js";

interface ServerMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");

async function postForm<T>(url: string, form: Record<string, string>): Promise<T> {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
  const body = (await response.json().catch(() => ({}))) as T & { error?: string; error_description?: string };
  if (!response.ok) throw new Error(`${url}: ${body.error ?? response.status}${body.error_description ? `: ${body.error_description}` : ""}`);
  return body;
}

async function metadataOf(url: string): Promise<ServerMetadata> {
  const response = await fetch(`${url}/.well-known/oauth-authorization-server`);
  if (!response.ok) throw new Error(`${url} does not offer OAuth sign-in (${response.status}); use snapboard login --key instead`);
  return (await response.json()) as ServerMetadata;
}

function openBrowser(url: string): void {
  const [command, ...args] = process.platform === "darwin" ? ["open", url] : process.platform === "win32" ? ["cmd", "/c", "start", "", url] : ["xdg-open", url];
  const child = spawn(command!, args, { stdio: "ignore", detached: true });
  child.on("error", () => undefined);
  child.unref();
}

/** Tokens in the stored form, with when the access token expires. */
function stored(url: string, clientId: string, tokens: TokenAnswer): StoredLogin {
  return {
    url,
    clientId,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: tokens.expires_in ? Date.now() + tokens.expires_in * 1000 : undefined,
  };
}

/** Runs the whole flow; `note` tells the person what to do. Resolves with what to store. */
export async function oauthLogin(
  url: string,
  note: (text: string) => void,
  options: { openBrowser?: boolean; signal?: AbortSignal } = {},
): Promise<StoredLogin> {
  const metadata = await metadataOf(url);
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash("sha256").update(verifier).digest());
  const state = base64url(randomBytes(16));

  const callback = createServer();
  await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
  const redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  try {
    const client = await fetch(metadata.registration_endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_name: "snapboard CLI",
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
      }),
    });
    if (!client.ok) throw new Error(`Registering the CLI with ${url} failed (${client.status})`);
    const { client_id: clientId } = (await client.json()) as { client_id: string };

    const authorize = new URL(metadata.authorization_endpoint);
    for (const [name, value] of Object.entries({
      response_type: "code",
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: "S256",
      state,
      scope: "read write",
      resource: `${url}/api`,
    })) {
      authorize.searchParams.set(name, value);
    }
    note(`Open this address to let the CLI act for you (opening your browser):\n  ${authorize}\n`);
    if (options.openBrowser !== false) openBrowser(authorize.toString());

    const code = await new Promise<string>((resolve, reject) => {
      options.signal?.addEventListener("abort", () => reject(new Error("Sign-in cancelled")), { once: true });
      callback.on("request", (request, response) => {
        const params = new URL(request.url ?? "/", redirectUri).searchParams;
        if (new URL(request.url ?? "/", redirectUri).pathname !== "/callback") return void response.writeHead(404).end();
        const ok = params.get("state") === state && params.get("iss") === metadata.issuer && params.get("code");
        response
          .writeHead(ok ? 200 : 400, { "Content-Type": "text/plain; charset=utf-8" })
          .end(ok ? "Signed in: you can close this tab and go back to the terminal." : "Sign-in failed: go back to the terminal.");
        if (ok) resolve(params.get("code")!);
        else reject(new Error(params.get("error_description") ?? params.get("error") ?? "The sign-in answer did not match the request (state or issuer)"));
      });
    });
    const tokens = await postForm<TokenAnswer>(metadata.token_endpoint, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
      resource: `${url}/api`,
    });
    return stored(url, clientId, tokens);
  } finally {
    // A browser keeps its sockets to the page open (and may have opened one it never used): close
    // them too, or the CLI would wait for the browser to let go before it exits.
    callback.close();
    callback.closeAllConnections();
  }
}

/** A fresh access token from the refresh token (rotated: the answer's refresh token replaces it). */
export async function refreshLogin(login: StoredLogin): Promise<StoredLogin> {
  if (!login.refreshToken || !login.clientId) throw new Error("The stored sign-in has expired: run snapboard login again");
  const metadata = await metadataOf(login.url);
  const tokens = await postForm<TokenAnswer>(metadata.token_endpoint, {
    grant_type: "refresh_token",
    refresh_token: login.refreshToken,
    client_id: login.clientId,
    resource: `${login.url}/api`,
  });
  return stored(login.url, login.clientId, { ...tokens, refresh_token: tokens.refresh_token ?? login.refreshToken });
}
