import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestIdentity {
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the app's redirect URI and starts answering (the app's port is known only after the issuer's). */
  start(redirectUri: string): void;
  /** What the provider says about a login typed into its sign-in form. */
  identities: Map<string, TestIdentity>;
  stop(): Promise<void>;
}

/**
 * A real OpenID provider (the `oidc-provider` package) on loopback, with its development sign-in
 * and consent pages: any login is accepted, and its claims come from `identities`.
 */
export async function listenTestOidcProvider(): Promise<TestOidcProvider> {
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  const server = createServer((request, response) => {
    if (handle) handle(request, response);
    else response.writeHead(503).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const identities = new Map<string, TestIdentity>();
  const clientId = "snap-board-e2e";
  const clientSecret = "e2e-client-secret-that-is-long-enough-0123456789";

  return {
    issuer,
    clientId,
    clientSecret,
    identities,
    start(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          { client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], response_types: ["code"], grant_types: ["authorization_code"] },
        ],
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
        // The claims go in the ID token, as Keycloak, Authentik and Google put them.
        conformIdTokenClaims: false,
        cookies: { keys: ["e2e-cookie-key-0123456789abcdef"] },
        features: { devInteractions: { enabled: true } },
        async findAccount(_context, login) {
          const identity = identities.get(login);
          return {
            accountId: login,
            async claims() {
              return identity ? { sub: login, email: identity.email, email_verified: identity.emailVerified, name: identity.name } : { sub: login };
            },
          };
        },
      });
      handle = provider.callback();
    },
    async stop() {
      server.closeAllConnections();
      server.close();
      await once(server, "close").catch(() => undefined);
    },
  };
}
