/**
 * Secrets never reach the logs (docs/SECURITY.md). An app instance of its own, whose stdout and
 * stderr are captured whole, serves a full flow: sign-up with a password, sign-in, a key created,
 * used, revoked, a wrong-password sign-in, a 400, 401s with a wrong and a revoked key. Then every
 * password, key and session cookie used is searched for in the whole log, and the log is checked
 * to be JSON lines, each request's with its request id.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../setup/app-server";
import { api, databaseUrl, signIn, signInResponse, uniqueEmail } from "./helpers";

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  method?: string;
  path?: string;
  status?: number;
}

describe("secrets in the logs", () => {
  let server: AppServer;
  let output = "";
  const secrets: Record<string, string> = {};
  const sentRequestId = `trace-${randomBytes(8).toString("hex")}`;

  beforeAll(async () => {
    server = await startAppServer({
      databaseUrl,
      authSecret: inject("authSecret"),
      env: { LOG_LEVEL: "info" },
      onOutput: (text) => {
        output += text;
      },
    });
    const on = { baseUrl: server.baseUrl };

    const email = uniqueEmail("secrets");
    secrets.password = `Pw-${randomBytes(12).toString("base64url")}`;
    expect((await api("POST", "/api/account", { ...on, body: { email, password: secrets.password }, headers: { origin: server.baseUrl } })).status).toBe(201);
    const cookie = await signIn(email, secrets.password, server.baseUrl);
    expect(cookie).not.toBeNull();
    secrets.sessionToken = cookie!.slice(cookie!.indexOf("=") + 1);

    const created = await api("POST", "/api/keys", { ...on, cookie: cookie!, body: { name: "logged flow" } });
    expect(created.status).toBe(201);
    const key: string = created.body.apiKey.key;
    secrets.key = key;
    secrets.keySecretPart = key.slice(20);

    const used = await api("GET", "/api/snaps", { ...on, key, headers: { "x-request-id": sentRequestId } });
    expect(used.status).toBe(200);
    expect(used.headers.get("x-request-id")).toBe(sentRequestId);
    expect((await api("POST", "/api/snaps", { ...on, key, body: { title: 7 } })).status).toBe(400);

    expect((await api("DELETE", `/api/keys/${created.body.apiKey.id}`, { ...on, cookie: cookie! })).status).toBe(200);
    expect((await api("GET", "/api/snaps", { ...on, key })).status).toBe(401);

    const wrongKey = `service_sk_${randomBytes(36).toString("base64url")}`;
    secrets.wrongKey = wrongKey;
    expect((await api("GET", "/api/snaps", { ...on, key: wrongKey })).status).toBe(401);
    const wrongPassword = `Wrong-${randomBytes(12).toString("base64url")}`;
    secrets.wrongPassword = wrongPassword;
    const refused = await signInResponse(email, wrongPassword, on);
    expect(refused.headers.get("location")).toContain("error=CredentialsSignin");

    await server.stop(); // flushes and ends the output
  }, 120_000);

  afterAll(() => server?.stop());

  it("holds no password, API key or session cookie", () => {
    expect(output.length).toBeGreaterThan(0);
    for (const [name, secret] of Object.entries(secrets)) {
      expect(output.includes(secret), `${name} appears in the log`).toBe(false);
    }
  });

  it("is JSON lines besides Next's own status lines, every request's line with its request id", () => {
    // Next prints its banner and a few status lines (▲ Next.js …, ✓ Ready in …, - Local: …).
    const nextStatusLine = /^\s*(▲|✓|- \w)/;
    const lines = output.split("\n").filter((line) => line.trim() !== "" && !nextStatusLine.test(line));
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
    const requests = parsed.filter((line) => line.msg === "request");
    // csrf + sign-up + callback + 7 API calls + csrf + callback, at least.
    expect(requests.length).toBeGreaterThanOrEqual(10);
    for (const line of requests) {
      expect(line.requestId).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
      expect(line).toMatchObject({ method: expect.any(String), path: expect.stringMatching(/^\/api\//), status: expect.any(Number) });
    }
    expect(new Set(requests.map((line) => line.requestId)).size).toBe(requests.length);
    expect(requests.find((line) => line.requestId === sentRequestId)).toMatchObject({ method: "GET", path: "/api/snaps", status: 200 });
    expect(requests.filter((line) => line.status === 401).length).toBeGreaterThanOrEqual(2);
  });
});
