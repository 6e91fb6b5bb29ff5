/**
 * OIDC_ALLOW_SIGNUP=false limits accounts to the provider's users, so it closes password sign-up
 * too, unless PASSWORD_SIGNUP=true opens it again (docs/OPERATIONS.md, "Single sign-on").
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../setup/app-server";
import { expectError } from "./card-fixtures";
import { api, TEST_PASSWORD, uniqueEmail } from "./helpers";

const signUpOn = (server: AppServer) =>
  api("POST", "/api/account", {
    baseUrl: server.baseUrl,
    body: { email: uniqueEmail("signup-config"), password: TEST_PASSWORD, name: "Config" },
    headers: { origin: server.baseUrl },
  });

describe("password sign-up under OIDC_ALLOW_SIGNUP=false", () => {
  let closed: AppServer;
  let reopened: AppServer;
  beforeAll(async () => {
    const start = (env: Record<string, string>) => startAppServer({ databaseUrl: inject("databaseUrl"), authSecret: inject("authSecret"), env });
    [closed, reopened] = await Promise.all([start({ OIDC_ALLOW_SIGNUP: "false" }), start({ OIDC_ALLOW_SIGNUP: "false", PASSWORD_SIGNUP: "true" })]);
  }, 120_000);
  afterAll(() => Promise.all([closed?.stop(), reopened?.stop()]));

  it("is refused (403), and the sign-up page says so instead of showing the form", async () => {
    expectError(await signUpOn(closed), 403, "FORBIDDEN");
    const page = await (await fetch(`${closed.baseUrl}/sign-up`)).text();
    expect(page).toContain("Sign-up with a password is turned off on this server.");
    expect(page).not.toContain('name="password"');
  });

  it("is open again with PASSWORD_SIGNUP=true", async () => {
    expect((await signUpOn(reopened)).status).toBe(201);
  });
});
