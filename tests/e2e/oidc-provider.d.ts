// The few parts of `oidc-provider` the e2e test provider uses (the package ships no types).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    cookies?: { keys: string[] };
    features?: Record<string, unknown>;
    findAccount(context: unknown, sub: string): Promise<Account>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
