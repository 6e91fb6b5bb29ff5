import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../setup/app-server";
import { expectError, insertSnap } from "./card-fixtures";
import { api, baseUrl, createKey, databaseUrl, setCookies, signIn, signUp, TEST_PASSWORD, documentedFetch } from "./helpers";
import { openEventStream } from "./live-helpers";

/** Sign out everywhere and a password change end every session of the user, on every instance. */
describe("ending every session of a user", () => {
  let second: AppServer;
  beforeAll(async () => {
    second = await startAppServer({ databaseUrl, authSecret: inject("authSecret") });
  }, 90_000);
  afterAll(() => second?.stop());

  const onSecond = (cookie: string) => documentedFetch(`${second.baseUrl}/api/snaps`, { headers: { cookie } });

  it("sign out everywhere: both sessions are refused on both instances, their streams end, keys go on", async () => {
    const user = await signUp("everywhere");
    const otherBrowser = (await signIn(user.email))!;
    const key = await createKey(user, "survives");
    const snap = await insertSnap({ ...user, key }, { cards: 1 });
    const stream = await openEventStream(snap.id, { cookie: otherBrowser }, { baseUrl: second.baseUrl });
    try {
      expect(stream.status).toBe(200);
      await stream.next("ready");
      expect((await onSecond(otherBrowser)).status).toBe(200);

      const response = await api("POST", "/api/account/sign-out-everywhere", { cookie: user.cookie });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });

      expect(await stream.next("access-revoked")).toEqual({ event: "access-revoked", data: { message: "You were signed out" } });
      await stream.ended;
      for (const cookie of [user.cookie, otherBrowser]) {
        expect((await onSecond(cookie)).status).toBe(401);
        expectError(await api("GET", "/api/snaps", { cookie }), 401, "UNAUTHORIZED");
      }
      expect((await api("GET", "/api/snaps", { key })).status).toBe(200);

      // A new sign-in works again, on either instance.
      const fresh = (await signIn(user.email))!;
      expect((await onSecond(fresh)).status).toBe(200);
      const log = await api("GET", "/api/workspace/audit-log?action=auth.signed_out_everywhere", { cookie: fresh });
      expect(log.body.entries[0]).toMatchObject({ actor: { type: "user", userId: user.id }, target: { type: "user", id: user.id } });
    } finally {
      stream.close();
    }
  });

  it("an ordinary sign-out ends that session on the server: its saved cookie is refused on every instance, its stream ends, other sessions go on", async () => {
    const user = await signUp("sign-out");
    const otherBrowser = (await signIn(user.email))!;
    const snap = await insertSnap({ ...user, key: await createKey(user) }, { cards: 1 });
    const stream = await openEventStream(snap.id, { cookie: user.cookie }, { baseUrl: second.baseUrl });
    const otherStream = await openEventStream(snap.id, { cookie: otherBrowser });
    try {
      await stream.next("ready");
      await otherStream.next("ready");
      // Auth.js's own sign-out, as the app's button posts it: CSRF token, then POST /api/auth/signout.
      const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie: user.cookie } });
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const signedOut = await fetch(`${baseUrl}/api/auth/signout`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: [user.cookie, ...setCookies(csrf)].join("; "), origin: baseUrl },
        body: new URLSearchParams({ csrfToken }),
      });
      expect(signedOut.status).toBe(302);

      expect(await stream.next("access-revoked")).toEqual({ event: "access-revoked", data: { message: "You were signed out" } });
      await stream.ended;
      // The saved cookie (as an attacker who copied it would send it) no longer works anywhere.
      expectError(await api("GET", "/api/snaps", { cookie: user.cookie }), 401, "UNAUTHORIZED");
      expect((await onSecond(user.cookie)).status).toBe(401);
      // The user's other session is not signed out.
      expect((await api("GET", "/api/snaps", { cookie: otherBrowser })).status).toBe(200);
      expect((await onSecond(otherBrowser)).status).toBe(200);
      expect((await api("GET", `/api/snaps/${snap.id}`, { cookie: otherBrowser })).status).toBe(200);
    } finally {
      stream.close();
      otherStream.close();
    }
  });

  it("an API key cannot sign anyone out (403)", async () => {
    const user = await signUp("everywhere-key");
    const key = await createKey(user);
    expectError(await api("POST", "/api/account/sign-out-everywhere", { key }), 403, "FORBIDDEN");
    expect((await api("GET", "/api/snaps", { cookie: user.cookie })).status).toBe(200);
  });

  it("changing the password ends every session; a wrong current password is a 400 and changes nothing", async () => {
    const user = await signUp("password");
    const otherBrowser = (await signIn(user.email))!;
    const wrong = await api("PUT", "/api/account/password", { cookie: user.cookie, body: { currentPassword: "not-it-123", newPassword: "new-horse-77" } });
    expectError(wrong, 400, "BAD_REQUEST", ["currentPassword"]);
    const weak = await api("PUT", "/api/account/password", { cookie: user.cookie, body: { currentPassword: TEST_PASSWORD, newPassword: "lettersonly" } });
    expectError(weak, 400, "BAD_REQUEST", ["newPassword"]);
    expect((await onSecond(otherBrowser)).status).toBe(200);
    expect(await signIn(user.email, TEST_PASSWORD)).not.toBeNull();

    const changed = await api("PUT", "/api/account/password", { cookie: user.cookie, body: { currentPassword: TEST_PASSWORD, newPassword: "new-horse-77" } });
    expect(changed.status).toBe(200);
    for (const cookie of [user.cookie, otherBrowser]) expect((await onSecond(cookie)).status).toBe(401);
    expect(await signIn(user.email, TEST_PASSWORD)).toBeNull();
    const fresh = await signIn(user.email, "new-horse-77");
    expect(fresh).not.toBeNull();
    const log = await api("GET", "/api/workspace/audit-log?action=auth", { cookie: fresh! });
    const actions = log.body.entries.map((entry: { action: string }) => entry.action);
    expect(actions).toContain("auth.password_changed");
    expect(JSON.stringify(log.body)).not.toContain("new-horse-77");
  });
});
