/**
 * The client address (docs/API.md, "Rate limits"): by default (TRUSTED_PROXY_HOPS unset) it is the
 * socket's, so a client that rotates X-Forwarded-For neither escapes the per-address limits nor
 * writes an address of its choosing into the audit log; and the log stores only what parses as an
 * IP address, whatever a trusted proxy header says.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../setup/app-server";
import { sql } from "./fixtures";
import { api, signInResponse, signUp } from "./helpers";

const FAILED_AUTH_PER_IP = 5;
const randomIp = () => `10.${[...randomBytes(3)].join(".")}`;
const wrongKey = () => `service_sk_${randomBytes(48).toString("base64url").slice(0, 48)}`;

async function auditIpsOf(userId: string, action: string): Promise<(string | null)[]> {
  const { rows } = await sql().query<{ ip: string | null }>(`SELECT ip FROM "AuditEvent" WHERE "targetId" = $1 AND action = $2`, [userId, action]);
  return rows.map((row) => row.ip);
}

describe("with no proxy configured", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startAppServer({
      databaseUrl: inject("databaseUrl"),
      authSecret: inject("authSecret"),
      behindProxy: false,
      env: { RATE_LIMIT_FAILED_AUTH_PER_IP: String(FAILED_AUTH_PER_IP), RATE_LIMIT_FAILED_AUTH_WINDOW_SECONDS: "60" },
    });
  }, 90_000);
  afterAll(() => server?.stop());

  it("rotating X-Forwarded-For does not escape the failed-authentication limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= FAILED_AUTH_PER_IP; i++) {
      const response = await api("GET", "/api/snaps", { key: wrongKey(), headers: { "x-forwarded-for": randomIp() }, baseUrl: server.baseUrl });
      statuses.push(response.status);
    }
    // Earlier runs within the window may already have used some of the socket address's budget.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it("the audit log records the socket's address, not the header's", async () => {
    const user = await signUp("socket-address");
    const response = await signInResponse(user.email, undefined, { baseUrl: server.baseUrl, headers: { "x-forwarded-for": "8.8.8.8" } });
    expect(response.status).toBe(302);
    const ips = await auditIpsOf(user.id, "auth.signed_in");
    expect(ips).toContain("127.0.0.1");
    expect(ips).not.toContain("8.8.8.8");
  });
});

describe("behind a trusted proxy", () => {
  it("an X-Forwarded-For entry that is not an address is never stored", async () => {
    const user = await signUp("junk-address");
    for (const junk of ["<img src=x onerror=alert(1)> not-an-ip", "999.1.1.1", "unknown"]) {
      const response = await signInResponse(user.email, undefined, { headers: { "x-forwarded-for": junk } });
      expect(response.status).toBe(302);
    }
    const ips = await auditIpsOf(user.id, "auth.signed_in");
    // signUp's own sign-in came from the test process's address; the three junk ones store nothing.
    expect(ips.filter((ip) => ip === null)).toHaveLength(3);
    expect(ips.filter((ip) => ip !== null).every((ip) => /^[\d.:a-f]+$/i.test(ip!))).toBe(true);
  });
});
