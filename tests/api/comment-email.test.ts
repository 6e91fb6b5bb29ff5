/**
 * Notification email and comment webhooks end to end: an app server (the production build) with
 * SMTP_URL pointing at a real SMTP server on loopback (smtp-server), on a scratch database of its
 * own so that no other test server's worker takes these jobs. Jobs due later (the minute's batch,
 * a retry's backoff, the 08:00 digest) are made due now through graphile-worker's own functions
 * (reschedule_jobs, add_job): the test moves the queue's clock, it does not sleep.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations } from "../../lib/db/migrate";
import { createScratchDatabase, type ScratchDatabase } from "../../lib/db/schema-diff";
import { startAppServer, type AppServer } from "../setup/app-server";
import { api, signIn, TEST_PASSWORD, uniqueEmail } from "./helpers";
import { verifySigned, WebhookReceiver } from "./webhook-receiver";

interface User {
  id: string;
  email: string;
  cookie: string;
  key: string;
}

interface Received {
  to: string[];
  mail: ParsedMail;
}

// http: with an https AUTH_URL, Auth.js names its cookies __Secure-…, which this plain-HTTP server cannot set.
const AUTH_URL = "http://snaps.example.test";
let scratch: ScratchDatabase;
let db: pg.Pool;
let app: AppServer;
let receiver: WebhookReceiver;
let smtp: SMTPServer;
let smtpPort = 0;
/** While true the SMTP server answers every RCPT TO with 451 (try again later). */
let refusing = false;
let refused = 0;
const inbox: Received[] = [];
let serverOutput = "";

function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "s3cret") callback(null, { user: "mailer" });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      refused++;
      const error = new Error("Mailbox busy, try again later") as Error & { responseCode: number };
      error.responseCode = 451;
      callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  return new Promise((resolve) => {
    smtp.listen(0, "127.0.0.1", () => {
      smtpPort = (smtp.server.address() as { port: number }).port;
      resolve();
    });
  });
}

async function signUpOn(label: string): Promise<User> {
  // Stored (and mailed to) in lower case.
  const email = uniqueEmail(label).toLowerCase();
  const base = app.baseUrl;
  // The browser is on the public URL (AUTH_URL), which the same-origin check compares with.
  const created = await api("POST", "/api/account", { baseUrl: base, body: { email, password: TEST_PASSWORD, name: label }, headers: { origin: AUTH_URL } });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status}`);
  const cookie = (await signIn(email, TEST_PASSWORD, base))!;
  const key = await api("POST", "/api/keys", { baseUrl: base, cookie, body: { name: label }, headers: { origin: AUTH_URL } });
  if (key.status !== 201) throw new Error(`key creation failed: ${key.status} ${JSON.stringify(key.body)}`);
  return { id: created.body.user.id, email, cookie, key: key.body.apiKey.key };
}

const on = (user: User, extra: Record<string, unknown> = {}) => ({ baseUrl: app.baseUrl, key: user.key, ...extra });

/** Makes every email job due now (the minute's batch, a retry's backoff). */
async function runEmailJobsNow(): Promise<void> {
  await db.query(
    `SELECT graphile_worker.reschedule_jobs(array_agg(id), run_at := now()) FROM graphile_worker.jobs WHERE task_identifier = 'email-send' AND locked_at IS NULL`,
  );
}

/** The queued email jobs, by user (their job key is 'email:<userId>'). */
async function emailJobs(): Promise<{ userId: string; attempts: number; last_error: string | null; locked: boolean }[]> {
  const { rows } = await db.query(
    `SELECT substr(key, 7) AS "userId", attempts, last_error, locked_at IS NOT NULL AS locked FROM graphile_worker.jobs WHERE task_identifier = 'email-send'`,
  );
  return rows;
}

/** Waits for a state (Vitest's own polling); on a timeout, says what the queue and the server were doing. */
async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000): Promise<void> {
  try {
    await expect.poll(condition, { timeout: timeoutMs, message: what }).toBe(true);
  } catch (error) {
    throw new Error(`timed out waiting for ${what}; email jobs: ${JSON.stringify(await emailJobs())}; log: ${serverOutput.slice(-3000)}`, { cause: error });
  }
}

const mailsTo = (user: User) => inbox.filter((received) => received.to.includes(user.email));

let alice: User;
let bob: User;
let carol: User;
let snapId: string;

async function comment(user: User, body: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", `/api/snaps/${snapId}/comments`, on(user, { body: { body, ...extra } }));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.comment;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(inject("databaseUrl"), "snap_test_email");
  await applyMigrations(scratch.url);
  db = new pg.Pool({ connectionString: scratch.url, max: 2 });
  // Dropping the scratch database ends any backend a closing client still holds: expected, not a failure.
  db.on("error", () => {});
  await startSmtp();
  [app, receiver] = await Promise.all([
    startAppServer({
      databaseUrl: scratch.url,
      authSecret: inject("authSecret"),
      env: {
        SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Snap Board <notifications@example.test>",
        AUTH_URL,
        WEBHOOK_ALLOW_PRIVATE_URLS: "true",
        LOG_LEVEL: "info",
      },
      onOutput: (text) => {
        serverOutput += text;
      },
    }),
    new WebhookReceiver().start(),
  ]);
  alice = await signUpOn("Alice");
  bob = await signUpOn("Bob");
  carol = await signUpOn("Carol");
  // One workspace: Alice's.
  const { rows } = await db.query(`SELECT "workspaceId" FROM "Membership" WHERE "userId" = $1`, [alice.id]);
  await db.query(`UPDATE "Membership" SET "workspaceId" = $1, role = 'member' WHERE "userId" = ANY($2)`, [rows[0].workspaceId, [bob.id, carol.id]]);
  const snap = await api("POST", "/api/snaps", on(alice, { body: { title: "Roadmap", rows: 1, cols: 1 } }));
  snapId = snap.body.snap.id;
  expect((await api("PATCH", `/api/snaps/${snapId}`, on(alice, { body: { sharedWithWorkspace: true, shareMode: "comment" } }))).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await Promise.all([app?.stop(), receiver?.stop(), new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))]);
  await db?.end();
  await scratch?.drop();
}, 60_000);

describe("notification email", () => {
  it("sends one email for the minute's notifications, with both parts, the comment's link and one-click unsubscribe", async () => {
    const first = await comment(alice, `<@${carol.id}> can you check the dates?`);
    await comment(alice, `<@${carol.id}> and the owners too`);
    // Both wait in the one job of Carol's minute.
    expect((await emailJobs()).filter((job) => job.userId === carol.id)).toHaveLength(1);
    await runEmailJobsNow();
    await until(() => mailsTo(carol).length === 1, "Carol's email");
    const { mail } = mailsTo(carol)[0]!;
    expect(mail.subject).toBe("Alice mentioned you on Roadmap and 1 more");
    expect(mail.from?.text).toContain("notifications@example.test");
    expect(mail.text).toContain(`${AUTH_URL}/snaps/${snapId}?comment=${first.id}`);
    expect(mail.text).toContain("@Carol can you check the dates?");
    expect(mail.html).toContain(`${AUTH_URL}/snaps/${snapId}?comment=${first.id}`);
    const unsubscribe = mail.headerLines.find((header) => header.key === "list-unsubscribe")!.line;
    const url = /<(http[^>]+)>/.exec(unsubscribe)![1]!;
    expect(url).toMatch(new RegExp(`^${AUTH_URL}/api/account/unsubscribe\\?token=`));
    expect(mail.headerLines.find((header) => header.key === "list-unsubscribe-post")?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    await until(async () => (await emailJobs()).length === 0, "the job's end");
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM "Notification" WHERE "userId" = $1 AND "emailedAt" IS NULL`, [carol.id]);
    expect(rows[0].n).toBe(0);

    // One click: a POST to the URL, without signing in, turns email off.
    const path = new URL(url).pathname + new URL(url).search;
    const clicked = await fetch(app.baseUrl + path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(clicked.status).toBe(200);
    expect((await api("GET", "/api/account", on(carol))).body).toMatchObject({ emailNotifications: "never", emailEnabled: true });
    // Another signature (its first character changed: the last one carries unused bits).
    const tampered = path.replace(/\.(.)/, (_, c: string) => `.${c === "A" ? "B" : "A"}`);
    expect((await fetch(app.baseUrl + tampered, { method: "POST" })).status).toBe(400);
    await comment(alice, `<@${carol.id}> one more`);
    expect((await emailJobs()).filter((job) => job.userId === carol.id)).toEqual([]);
    // Neither an address nor a comment's body is in the server's log (written out in batches: wait for the line).
    await until(() => serverOutput.includes("notification email sent"), "the email's log line");
    expect(serverOutput).not.toContain(carol.email);
    expect(serverOutput).not.toContain("can you check the dates");
  });

  it("sends a daily digest at 08:00 UTC to those who chose it, and nothing before", async () => {
    expect((await api("PATCH", "/api/account", on(bob, { body: { emailNotifications: "daily" } }))).status).toBe(200);
    await comment(alice, `<@${bob.id}> for the digest`);
    await comment(carol, `<@${bob.id}> me too`);
    expect((await emailJobs()).filter((job) => job.userId === bob.id)).toEqual([]);
    // The crontab's 08:00 run, now.
    await db.query(`SELECT graphile_worker.add_job('email-digest')`);
    await until(() => mailsTo(bob).length === 1, "Bob's digest");
    expect(mailsTo(bob)[0]!.mail.subject).toBe("Your daily digest: 2 notifications");
    expect(mailsTo(bob)[0]!.mail.text).toContain("Carol mentioned you on Roadmap");
    // The next day's run finds nothing new.
    await db.query(`SELECT graphile_worker.add_job('email-digest')`);
    await until(async () => (await db.query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'email-digest'`)).rowCount === 0, "the digest run");
    expect((await emailJobs()).filter((job) => job.userId === bob.id)).toEqual([]);
    expect(mailsTo(bob)).toHaveLength(1);
    // Alice, the snap's owner, heard of Carol's comment at once: her minute's email goes now.
    await runEmailJobsNow();
    await until(async () => (await emailJobs()).length === 0, "Alice's email");
    expect(mailsTo(alice).at(-1)!.mail.subject).toBe("Carol commented on Roadmap");
  });

  it("retries while the SMTP server refuses, and delivers every email exactly once when it accepts", async () => {
    await api("PATCH", "/api/account", on(bob, { body: { emailNotifications: "immediately" } }));
    const before = { alice: mailsTo(alice).length, bob: mailsTo(bob).length };
    refusing = true;
    await comment(carol, `<@${alice.id}> <@${bob.id}> while the server is down`);
    await runEmailJobsNow();
    // attempts counts a job's takes; a failed one is back in the queue, unlocked.
    const failed = (times: number) => async () => (await emailJobs()).filter((job) => job.attempts >= times && !job.locked).length === 2;
    await until(failed(1), "both jobs to fail once");
    await runEmailJobsNow();
    await until(failed(2), "both jobs to fail twice");
    expect(refused).toBeGreaterThanOrEqual(4);
    expect((await emailJobs())[0]!.last_error).toMatch(/SMTP send failed/);
    refusing = false;
    await runEmailJobsNow();
    await until(async () => (await emailJobs()).length === 0, "the jobs to succeed");
    expect(mailsTo(alice)).toHaveLength(before.alice + 1);
    expect(mailsTo(bob)).toHaveLength(before.bob + 1);
    expect(mailsTo(alice).at(-1)!.mail.subject).toBe("Carol mentioned you on Roadmap");
  });
});

describe("comment webhooks", () => {
  it("delivers comment.created, signed, with the comment", async () => {
    const hook = await api("POST", "/api/webhooks", on(alice, { body: { url: `${receiver.url}/comments`, events: ["comment.created"] } }));
    expect(hook.status).toBe(201);
    const created = await comment(bob, "a webhook's comment");
    await receiver.waitFor(() => receiver.to("/comments").length === 1, "the comment.created delivery");
    const event = verifySigned(hook.body.secret, receiver.to("/comments")[0]!);
    expect(event).toMatchObject({ type: "comment.created", snapId, actor: { type: "apiKey", userId: bob.id }, data: { comment: created } });
  });
});
