import { describe, expect, it } from "vitest";
import { api, baseUrl, signIn, signUp, TEST_PASSWORD, uniqueEmail } from "./helpers";

describe("sign-up and sign-in", () => {
  it("sign-up creates a user who can sign in and call the API with the session cookie", async () => {
    const user = await signUp("session");
    const response = await api("GET", "/api/snaps", { cookie: user.cookie });
    expect(response).toMatchObject({ status: 200, body: { snaps: [] } });
  });

  it("refuses a taken email, case-insensitively", async () => {
    const user = await signUp("taken");
    const again = await api("POST", "/api/account", {
      body: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
      headers: { origin: baseUrl },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "CONFLICT", details: [{ path: "email" }] });
  });

  it.each([
    ["short", "abc12"],
    ["letters only", "abcdefghij"],
    ["digits only", "1234567890"],
  ])("refuses a weak password (%s) naming the field", async (_label, password) => {
    const response = await api("POST", "/api/account", { body: { email: uniqueEmail(), password }, headers: { origin: baseUrl } });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].path).toBe("password");
  });

  it("refuses an invalid email", async () => {
    const response = await api("POST", "/api/account", { body: { email: "nope", password: TEST_PASSWORD }, headers: { origin: baseUrl } });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].path).toBe("email");
  });

  it("refuses a cross-site sign-up", async () => {
    const response = await api("POST", "/api/account", {
      body: { email: uniqueEmail(), password: TEST_PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });

  it("a wrong password gives no session", async () => {
    const user = await signUp("wrong-password");
    expect(await signIn(user.email, "not-the-password-1")).toBeNull();
    expect(await signIn(uniqueEmail("nobody"))).toBeNull();
    expect(await signIn(user.email)).not.toBeNull();
  });
});

describe("CSRF: cookie-authenticated writes must come from this app", () => {
  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }],
    ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    ["no Origin at all", { origin: "" }],
  ])("refuses %s", async (_label, headers) => {
    const user = await signUp("csrf");
    const response = await api("POST", "/api/keys", { cookie: user.cookie, body: { name: "csrf" }, headers });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("FORBIDDEN");
    const listed = await api("GET", "/api/keys", { cookie: user.cookie });
    expect(listed.body.apiKeys).toEqual([]);
  });

  it("accepts the same origin", async () => {
    const user = await signUp("csrf-ok");
    const response = await api("POST", "/api/keys", { cookie: user.cookie, body: { name: "ok" }, headers: { "sec-fetch-site": "same-origin" } });
    expect(response.status).toBe(201);
  });
});

describe("health", () => {
  it("answers 200 with the version and a reachable database, without auth", async () => {
    const response = await api("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "ok", database: "reachable", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
});
