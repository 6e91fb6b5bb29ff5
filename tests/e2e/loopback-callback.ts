import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackCallback {
  /** The redirect URI to register: http://127.0.0.1:<port>/callback. */
  url: string;
  /** Every address the browser was sent to, in order. */
  returned: URL[];
  /** The first authorization code brought back. */
  code: Promise<string>;
  close(): Promise<void>;
}

/**
 * An app's loopback redirect URI (RFC 8252), a real listener: it answers as a native app's page
 * would ("Connected." with a code, "Error: <error>" without) and records where it was sent.
 */
export async function startLoopbackCallback(): Promise<LoopbackCallback> {
  const returned: URL[] = [];
  let resolveCode: (code: string) => void = () => {};
  const code = new Promise<string>((resolve) => (resolveCode = resolve));
  const server = createServer((request, response) => {
    const address = new URL(request.url ?? "/", "http://127.0.0.1");
    returned.push(address);
    const value = address.searchParams.get("code");
    response.setHeader("Content-Type", "text/plain").end(value ? "Connected. You can close this tab." : `Error: ${address.searchParams.get("error")}`);
    if (value) resolveCode(value);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    returned,
    code,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
