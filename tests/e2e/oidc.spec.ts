import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { startAppServer, type AppServer } from "../setup/app-server";
import { STRONG_PASSWORD, uniqueEmail } from "./helpers";
import { listenTestOidcProvider, type TestOidcProvider } from "./oidc-test-provider";

/**
 * Single sign-on end to end: Chromium, an app instance configured for OIDC by its environment, and
 * a real OpenID provider (`oidc-provider`) on loopback, started here. Needs DATABASE_URL (the app
 * instance of this spec shares the suite's database).
 */
const databaseUrl = process.env.DATABASE_URL;
test.skip(!databaseUrl, "the OIDC spec starts its own app instance on DATABASE_URL");
test.describe.configure({ mode: "serial" });

let provider: TestOidcProvider;
let app: AppServer;
/** The app as the browser reaches it: Next serves `next start -H 127.0.0.1` under the name localhost, and Auth.js builds the redirect URI from it. */
let appUrl: string;
let db: pg.Pool;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await listenTestOidcProvider();
  app = await startAppServer({
    databaseUrl: databaseUrl!,
    authSecret: randomBytes(32).toString("base64url"),
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: "Test SSO",
      LOG_LEVEL: "error",
    },
  });
  appUrl = app.baseUrl.replace("127.0.0.1", "localhost");
  provider.start(`${appUrl}/api/auth/callback/oidc`);
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
});

test.afterAll(async () => {
  await app?.stop();
  await provider?.stop();
  await db?.end();
});

/**
 * From the app's sign-in page through the provider's own sign-in and consent pages, as far as the
 * provider shows them (it remembers its own session and an earlier consent), back to the app.
 */
async function signInWithProvider(page: Page, login: string) {
  await page.goto(`${appUrl}/sign-in`);
  await page.getByRole("button", { name: "Continue with Test SSO" }).click();
  // Off to the provider (or straight back, signed in or refused, when it remembers this browser).
  await page.waitForURL((url) => url.origin === provider.issuer || url.pathname === "/" || url.searchParams.has("error"), { waitUntil: "commit" });
  const loginField = page.locator('input[name="login"]');
  const consent = page.getByRole("button", { name: "Continue", exact: true });
  // Back in the app: signed in, or on the sign-in page with the reason it was refused.
  const back = page.getByRole("heading", { name: "Your snaps" }).or(page.getByRole("heading", { name: "Welcome back" }));
  for (;;) {
    await expect(loginField.or(consent).or(back).first()).toBeVisible();
    if (await back.first().isVisible()) return;
    if (await loginField.isVisible()) {
      await loginField.fill(login);
      await page.locator('input[name="password"]').fill("anything");
      await page.getByRole("button", { name: "Sign-in" }).click();
      await expect(loginField).toBeHidden();
    } else {
      await consent.click();
      await expect(consent).toBeHidden();
    }
  }
}

async function usersWithEmail(email: string) {
  const { rows } = await db.query<{ id: string; passwordHash: string | null; identities: number; workspaceName: string; role: string }>(
    `SELECT u.id, u."passwordHash", (SELECT count(*)::int FROM "UserIdentity" i WHERE i."userId" = u.id) AS identities, w.name AS "workspaceName", m.role::text AS role
     FROM "User" u JOIN "Membership" m ON m."userId" = u.id JOIN "Workspace" w ON w.id = m."workspaceId" WHERE u.email = $1`,
    [email],
  );
  return rows;
}

test("the sign-in page offers the provider, with the password form beside it", async ({ page }) => {
  await page.goto(`${appUrl}/sign-in`);
  await expect(page.getByRole("button", { name: "Continue with Test SSO" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: "tests/artifacts/sign-in-sso.png", fullPage: true });
});

test("first sign-in makes the account and its personal workspace; signing out and in again finds the same account", async ({ page }) => {
  const email = uniqueEmail("sso-new");
  provider.identities.set("nova", { email, emailVerified: true, name: "Nova Sso" });
  await signInWithProvider(page, "nova");
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();

  const [user] = await usersWithEmail(email);
  expect(user).toMatchObject({ passwordHash: null, identities: 1, workspaceName: "Nova Sso's workspace", role: "admin" });

  await page.getByRole("button", { name: /Nova Sso/ }).click();
  await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await signInWithProvider(page, "nova");
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();
  expect(await usersWithEmail(email)).toEqual([user]);

  // Single sign-on sign-ins and the sign-out between them are in the workspace's audit log, with the address.
  const { rows: audit } = await db.query<{ action: string; ip: string | null }>(
    `SELECT action, ip FROM "AuditEvent" WHERE "actorUserId" = $1 ORDER BY "occurredAt", id`,
    [user!.id],
  );
  expect(audit.map((entry) => entry.action)).toEqual(["auth.signed_in", "auth.signed_out", "auth.signed_in"]);
  for (const entry of audit) expect(entry.ip).toMatch(/^[0-9a-f.:]+$/);
});

test("an existing password account with the same verified email is linked, not duplicated, and whoever made it loses every way in", async ({
  page,
  request,
}) => {
  // Someone registers the address first, with a password (nothing verifies a password sign-up),
  // signs in and makes an API key: the account pre-hijacking of docs/SECURITY.md, "Single sign-on".
  const email = uniqueEmail("sso-link");
  const created = await request.post(`${appUrl}/api/account`, {
    data: { email, password: STRONG_PASSWORD, name: "Lin Ked" },
    headers: { Origin: appUrl },
  });
  expect(created.status()).toBe(201);
  const { user } = await created.json();
  const csrf = await (await request.get(`${appUrl}/api/auth/csrf`)).json();
  await request.post(`${appUrl}/api/auth/callback/credentials`, {
    form: { email, password: STRONG_PASSWORD, csrfToken: csrf.csrfToken },
    headers: { Origin: appUrl },
    maxRedirects: 0,
  });
  expect((await request.get(`${appUrl}/api/snaps`)).status()).toBe(200);
  const keyResponse = await request.post(`${appUrl}/api/keys`, { data: { name: "kept" }, headers: { Origin: appUrl } });
  expect(keyResponse.status()).toBe(201);
  const { apiKey } = await keyResponse.json();
  const withKey = () => fetch(`${app.baseUrl}/api/snaps`, { headers: { Authorization: `Bearer ${apiKey.key}` } });
  expect((await withKey()).status).toBe(200);

  // The email's owner signs in with single sign-on, the provider vouching for the address.
  provider.identities.set("linker", { email: email.toUpperCase(), emailVerified: true, name: "Someone Else" });
  await signInWithProvider(page, "linker");
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();
  const rows = await usersWithEmail(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ id: user.id, identities: 1, passwordHash: null });
  await expect(page.getByRole("button", { name: /Lin Ked/ })).toBeVisible();

  // The maker's session, key and password are all gone; the audit log says why.
  expect((await request.get(`${appUrl}/api/snaps`)).status()).toBe(401);
  expect((await withKey()).status).toBe(401);
  const again = await (await request.get(`${appUrl}/api/auth/csrf`)).json();
  const passwordSignIn = await request.post(`${appUrl}/api/auth/callback/credentials`, {
    form: { email, password: STRONG_PASSWORD, csrfToken: again.csrfToken },
    headers: { Origin: appUrl },
    maxRedirects: 0,
  });
  expect(passwordSignIn.headers().location).toContain("error=");
  const { rows: audit } = await db.query(`SELECT action FROM "AuditEvent" WHERE "targetId" = $1 AND action = 'auth.account_claimed_by_sso'`, [user.id]);
  expect(audit).toHaveLength(1);

  // Signing in by single sign-on again changes nothing more: the email is verified now.
  await page.context().clearCookies({ domain: "localhost" });
  await signInWithProvider(page, "linker");
  await expect(page.getByRole("heading", { name: "Your snaps" })).toBeVisible();
  const { rows: after } = await db.query(`SELECT count(*)::int AS n FROM "AuditEvent" WHERE "targetId" = $1 AND action = 'auth.account_claimed_by_sso'`, [
    user.id,
  ]);
  expect(after[0].n).toBe(1);
});

test("an unverified email is refused with a clear message, and no account is made", async ({ page }) => {
  const email = uniqueEmail("sso-unverified");
  provider.identities.set("unverified", { email, emailVerified: false, name: "Un Verified" });
  await signInWithProvider(page, "unverified");
  await expect(page).toHaveURL(/\/sign-in\?error=unverified_email/);
  // Next's route announcer is an empty role=alert too: the message is the one alert with text.
  await expect(page.getByRole("alert").filter({ hasText: "has not verified your email address" })).toBeVisible();
  expect(await usersWithEmail(email)).toEqual([]);
  await page.screenshot({ path: "tests/artifacts/sign-in-sso-refused.png", fullPage: true });
});
