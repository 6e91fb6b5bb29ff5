import { expect, test } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { createAccount, STRONG_PASSWORD, uniqueEmail } from "./helpers";
import { startLoopbackCallback } from "./loopback-callback";

/** An agent's OAuth state, in memory, as the official SDK asks a client to keep it. */
class AgentProvider implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  savedTokens: OAuthTokens | undefined;
  private information: OAuthClientInformationMixed | undefined;
  private verifier = "";

  constructor(readonly redirectUrl: string) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "E2E Agent",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.savedTokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.savedTokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "tokens") this.savedTokens = undefined;
    if (scope === "all" || scope === "client") this.information = undefined;
  }
}

test("an MCP client connects with OAuth: discovery, registration, sign-in and Allow, tools, refresh, revoke in Settings, then 401", async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail("oauth-agent");
  await createAccount(request, baseURL!, email);
  const callback = await startLoopbackCallback();
  const provider = new AgentProvider(callback.url);
  const mcpUrl = new URL(`${baseURL}/api/mcp`);
  try {
    // 1. The SDK meets a 401, discovers the server, registers itself and asks for authorization.
    const first = new Client({ name: "e2e-agent", version: "1.0.0" });
    await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toThrow(UnauthorizedError);
    expect(provider.authorizationUrl).not.toBeNull();
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("resource")).toBe(`${baseURL}/api/mcp`);

    // 2. In the browser: signed out, so sign in first, then the consent page, then Allow.
    await page.goto(authorizationUrl.href);
    await expect(page).toHaveURL(/\/sign-in\?next=/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Connect E2E Agent?" })).toBeVisible();
    await expect(page.getByText("Unverified")).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(new URL(callback.url).host)).toBeVisible();
    await page.screenshot({ path: "tests/artifacts/oauth-consent.png", fullPage: true });
    await page.getByRole("button", { name: "Allow" }).click();
    const code = await callback.code;
    await expect(page.getByText("Connected.")).toBeVisible();

    // 3. The code for tokens, then tool calls with them.
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await transport.finishAuth(code);
    expect(provider.savedTokens?.access_token).toMatch(/^service_at_[A-Za-z0-9_-]{48}$/);
    const agent = new Client({ name: "e2e-agent", version: "1.0.0" });
    await agent.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const { tools } = await agent.listTools();
    expect(tools.some((tool) => tool.name === "create_snap")).toBe(true);
    const created = await agent.callTool({ name: "create_snap", arguments: { title: "Made by an agent", rows: 1, cols: 2 } });
    expect(created.isError).toBeFalsy();

    // 4. A refresh: the access token is revoked (RFC 7009), the next call's 401 makes the SDK refresh and retry.
    const before = provider.savedTokens!;
    const revoked = await request.post(`${baseURL}/oauth/revoke`, {
      form: { token: before.access_token, client_id: (provider.clientInformation() as { client_id: string }).client_id },
    });
    expect(revoked.status()).toBe(200);
    const listed = await agent.callTool({ name: "list_snaps", arguments: {} });
    expect(listed.isError).toBeFalsy();
    expect(JSON.stringify(listed.structuredContent)).toContain("Made by an agent");
    expect(provider.savedTokens!.access_token).not.toBe(before.access_token);
    expect(provider.savedTokens!.refresh_token).not.toBe(before.refresh_token);

    // 5. Revoke in Settings › Integrations; the agent's next request is refused.
    await page.goto("/settings/integrations");
    const apps = page.getByRole("list", { name: "Connected apps" });
    await expect(apps.getByText("E2E Agent")).toBeVisible();
    await page.screenshot({ path: "tests/artifacts/oauth-connected-apps.png", fullPage: true });
    await apps.getByRole("button", { name: "Revoke E2E Agent" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText("No connected apps.")).toBeVisible();

    const lastToken = provider.savedTokens!.access_token;
    const refused = await request.post(`${baseURL}/api/mcp`, {
      headers: { Authorization: `Bearer ${lastToken}`, Accept: "application/json, text/event-stream" },
      data: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    });
    expect(refused.status()).toBe(401);
    expect(refused.headers()["www-authenticate"]).toContain('error="invalid_token"');
    provider.authorizationUrl = null;
    await expect(agent.listTools()).rejects.toThrow();
    // Its refresh token died with the grant: the SDK can only ask for authorization again.
    expect(provider.authorizationUrl).not.toBeNull();
    await agent.close();
  } finally {
    await callback.close();
  }
});
