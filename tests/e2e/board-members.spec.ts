import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { startAppServer, type AppServer } from "../setup/app-server";
import { STRONG_PASSWORD, uniqueEmail } from "./helpers";

/**
 * Sharing one board with one person from outside the workspace (docs/API.md, "Board members"): Alice
 * invites an address as a commenter; the email arrives (a real SMTP server on loopback, as in the
 * comment email tests); the guest signs up through its link, lands on the board read-only with the
 * comments open, comments, and can neither edit nor see Alice's other board; Alice removes them and
 * their open board stops updating and says why. Its own app instance (same build and database) has
 * SMTP configured, which the suite's shared servers must not have.
 */

test.describe.configure({ mode: "serial" });

const inbox: { to: string[]; mail: ParsedMail }[] = [];
let smtp: SMTPServer;
let app: AppServer;

/** The suite's database: DATABASE_URL, else the embedded server the launcher started. */
function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  return (JSON.parse(readFileSync("data/embedded-postgres.json", "utf8")) as { url: string }).url;
}

test.beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const port = (smtp.server.address() as { port: number }).port;
  app = await startAppServer({
    databaseUrl: databaseUrl(),
    authSecret: "board-members-e2e-secret-0123456789abcdef",
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Snap Board <boards@example.test>" },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function signUpHere(page: Page, name: string, email: string) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
}

async function api(page: Page, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, data?: unknown) {
  const response = await page.request.fetch(`${app.baseUrl}${path}`, { method, data, headers: { Origin: app.baseUrl } });
  return { status: response.status(), body: await response.json() };
}

test("Alice shares a board with an outside commenter by email, then removes them", async ({ browser }) => {
  test.setTimeout(180_000);
  const alice = await (await browser.newContext({ baseURL: app.baseUrl })).newPage();
  await alice.goto("/sign-up");
  await signUpHere(alice, "Alice Owner", uniqueEmail("alice"));
  await alice.waitForURL((url) => url.pathname === "/");
  const board = (await api(alice, "POST", "/api/snaps", { title: "Client review", rows: 1, cols: 2 })).body.snap;
  const secret = (await api(alice, "POST", "/api/snaps", { title: "Secret plans", rows: 1, cols: 1 })).body.snap;

  // Alice invites an address that has no account yet, as a commenter.
  const guestEmail = uniqueEmail("guest");
  await alice.goto(`/snaps/${board.id}`);
  await alice.locator("[data-board-root][data-ready]").waitFor();
  await alice.getByRole("button", { name: "Share" }).click();
  const dialog = alice.getByRole("dialog");
  await expect(dialog.getByTestId("share-audience")).toHaveText("Only you can see this board.");
  await dialog.getByLabel("Invite by email").fill(guestEmail);
  await dialog.getByLabel("Role to invite with").selectOption("commenter");
  await dialog.getByRole("button", { name: "Invite" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: `Invitation sent to ${guestEmail}` })).toBeVisible();
  await expect(dialog.getByRole("button", { name: `Revoke the invitation to ${guestEmail}` })).toBeVisible();
  await alice.screenshot({ path: "test-results/board-members-share-dialog.png" });

  // The email arrives, with a link to the invitation.
  await expect.poll(() => inbox.filter((received) => received.to.includes(guestEmail)).length, { timeout: 30_000 }).toBe(1);
  const mail = inbox.find((received) => received.to.includes(guestEmail))!.mail;
  expect(mail.subject).toBe("Alice Owner shared “Client review” with you");
  const link = new URL(/https?:\/\/\S+\/invitations\/\S+/.exec(mail.text ?? "")![0]);
  expect(link.pathname).toMatch(/^\/invitations\/[\w-]+$/);

  // The guest follows it: sign-up first, then the invitation, then the board.
  const guest = await (await browser.newContext({ baseURL: app.baseUrl })).newPage();
  await guest.goto(link.pathname);
  await expect(guest).toHaveURL(/\/sign-up\?next=/);
  await signUpHere(guest, "Grace Guest", guestEmail);
  await expect(guest.getByRole("heading", { name: "You're invited" })).toBeVisible();
  await expect(guest.getByText("Alice Owner invited you to the board “Client review” as a commenter.")).toBeVisible();
  await guest.getByRole("button", { name: "Accept and open the board" }).click();
  await guest.waitForURL(`**/snaps/${board.id}`);
  await guest.locator("[data-board-root][data-ready]").waitFor();

  // Read-only, with the comments open for writing.
  await expect(guest.getByText("Can comment")).toBeVisible();
  await expect(guest.getByRole("button", { name: "Settings" })).toHaveCount(0);
  await expect(guest.getByRole("button", { name: "Share" })).toHaveCount(0);
  const comments = guest.getByRole("complementary", { name: "Comments" });
  await comments.getByRole("combobox", { name: "Comment on the board" }).fill("The second column needs a date");
  await comments.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(comments.getByRole("article", { name: "Thread by Grace Guest" })).toContainText("The second column needs a date");
  await guest.screenshot({ path: "test-results/board-members-commenter.png" });
  expect((await api(guest, "PATCH", `/api/snaps/cards/${board.cards[0].id}`, { title: "edited" })).status).toBe(403);

  // Nothing else of Alice's: her other board, her workspace's listing; the dashboard says what is shared.
  await guest.goto(`/snaps/${secret.id}`);
  await expect(guest.getByRole("heading", { name: "You don't have access to this snap" })).toBeVisible();
  await guest.goto("/");
  const shared = guest.getByRole("region", { name: "Shared with me" });
  await expect(shared.getByRole("link", { name: /Client review/ })).toBeVisible();
  await expect(guest.getByText("Secret plans")).toHaveCount(0);
  await guest.screenshot({ path: "test-results/board-members-shared-with-me.png" });

  // Alice sees the guest and removes them; the guest's open board stops and says why.
  await guest.goto(`/snaps/${board.id}`);
  await guest.locator("[data-board-root][data-ready]").waitFor();
  await expect(guest.getByRole("status", { name: /^Live/ })).toBeVisible();
  await alice.reload();
  await alice.locator("[data-board-root][data-ready]").waitFor();
  await alice.getByRole("button", { name: "Share" }).click();
  await expect(alice.getByRole("dialog").getByText("Guest", { exact: true })).toBeVisible();
  await alice.getByRole("dialog").getByRole("button", { name: "Remove Grace Guest" }).click();
  await expect(alice.getByRole("dialog").getByText("No one has been added to this board yet.")).toBeVisible();
  await expect(guest.getByRole("dialog", { name: /^You were removed from this board/ })).toBeVisible();
  expect((await api(guest, "GET", `/api/snaps/${board.id}`)).status).toBe(403);
});
