/**
 * The SDK as its users get it: `npm pack` of sdk/ installed into a scratch folder, imported there,
 * and its `snapboard` command line run as a person or a script runs it (a child process against the
 * real server, signed in through its config file in the scratch folder, or the environment).
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, createKey, signUp, type TestUser } from "./helpers";

let user: TestUser;
let key: string;
let scratch: string;
/** The installed package's command. */
let bin: string;
const run = promisify(execFile);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `snapboard ARGS` as installed from the tarball, with `env` over a clean one. */
async function snapboard(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): Promise<Run> {
  const child: ChildProcessWithoutNullStreams = spawn(bin, args, {
    stdio: "pipe",
    // A clean environment (no SNAPBOARD_* of the machine's): what the test gives, and where to keep the login.
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: scratch, SNAPBOARD_CONFIG_DIR: join(scratch, "config"), ...options.env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
  child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  child.stdin.end(options.stdin ?? "");
  const [code] = (await once(child, "close")) as [number | null];
  return { code: code ?? -1, stdout, stderr };
}

const signedIn = () => ({ SNAPBOARD_URL: baseUrl, SNAPBOARD_API_KEY: key });

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "snapboard-cli-"));
  // `npm pack` builds the package (its prepack script) and writes the tarball a user would install.
  const { stdout } = await run("npm", ["pack", "--workspace", "sdk", "--pack-destination", scratch, "--json", "--silent"]);
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  await writeFile(join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
  await run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--silent", join(scratch, filename)], { cwd: scratch });
  bin = join(scratch, "node_modules", ".bin", "snapboard");
  user = await signUp("cli");
  key = await createKey(user, "cli");
}, 120_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("the packed SDK", () => {
  it("installs from its tarball and works as a library in a fresh folder", async () => {
    const script = `import { SnapBoard, SnapBoardError } from "@snapboard/sdk";
const client = new SnapBoard({ baseUrl: ${JSON.stringify(baseUrl)}, apiKey: ${JSON.stringify(key)} });
const snap = await client.snaps.create({ title: "From the tarball" });
const missing = await client.snaps.get("no-such-snap").catch((error) => error);
console.log(JSON.stringify({ title: snap.title, typed: missing instanceof SnapBoardError, code: missing.code }));`;
    await writeFile(join(scratch, "use.mjs"), script);
    const { stdout } = await run(process.execPath, ["use.mjs"], { cwd: scratch });
    expect(JSON.parse(stdout)).toEqual({ title: "From the tarball", typed: true, code: "NOT_FOUND" });
  });
});

describe("snapboard", () => {
  it("logs in with a key into a file only its owner can read, and says who it is", async () => {
    const login = await snapboard(["login", "--url", baseUrl], { stdin: `${key}\n` });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(user.email);
    const file = join(scratch, "config", "config.json");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ url: baseUrl, apiKey: key });

    const whoami = await snapboard(["whoami", "--json"]);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(JSON.parse(whoami.stdout).email).toBe(user.email);

    const wrong = await snapboard(["login", "--url", baseUrl, "--key", "not-a-key"]);
    expect(wrong.code).toBe(2);
    expect(await snapboard(["logout"])).toMatchObject({ code: 0 });
    const signedOut = await snapboard(["snaps", "ls"]);
    expect(signedOut.code).toBe(2);
    expect(signedOut.stderr).toContain("snapboard login");
  });

  it("creates, lists, shows and removes snaps and cards, as a table or as JSON", async () => {
    const created = await snapboard(["snaps", "create", "--title", "From the CLI", "--rows", "2", "--cols", "2"], { env: signedIn() });
    expect(created.code, created.stderr).toBe(0);
    const snapId = created.stdout.trim();

    const table = await snapboard(["snaps", "ls"], { env: signedIn() });
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+TITLE\s+UPDATED$/);
    expect(table.stdout).toContain("From the CLI");
    const listed = JSON.parse((await snapboard(["snaps", "ls", "--json"], { env: signedIn() })).stdout);
    expect(listed.map((snap: { id: string }) => snap.id)).toContain(snapId);

    const card = await snapboard(["cards", "create", snapId, "--at", "C1", "--title", "Third column", "--color", "#fde68a"], { env: signedIn() });
    expect(card.code, card.stderr).toBe(0);
    const cardId = card.stdout.trim();
    const updated = JSON.parse((await snapboard(["cards", "update", cardId, "--title", "Renamed", "--json"], { env: signedIn() })).stdout);
    expect(updated).toMatchObject({ id: cardId, title: "Renamed", row: 0, col: 2, color: "#fde68a" });
    const cards = await snapboard(["cards", "ls", snapId], { env: signedIn() });
    expect(cards.stdout).toMatch(/R1C3\s+1x1\s+normal\s+Renamed/);

    const noSnap = await snapboard(["cards", "create", "no-such-snap", "--at", "R1C1"], { env: signedIn() });
    expect(noSnap.code).toBe(4);
    expect(noSnap.stderr).toMatch(/^Error: /);
    expect((await snapboard(["cards", "create", snapId], { env: signedIn() })).code).toBe(2);
    const invalid = await snapboard(["cards", "update", cardId, "--color", "red!"], { env: signedIn() });
    expect(invalid.code).toBe(6);
    expect(invalid.stderr).toContain("color");

    expect((await snapboard(["cards", "rm", cardId], { env: signedIn() })).code).toBe(0);
    expect((await snapboard(["cards", "get", cardId], { env: signedIn() })).code).toBe(4);
    expect((await snapboard(["snaps", "rm", snapId], { env: signedIn() })).code).toBe(0);
    expect((await snapboard(["snaps", "get", snapId], { env: signedIn() })).code).toBe(4);
    expect((await snapboard(["snaps", "ls"], { env: { SNAPBOARD_URL: baseUrl, SNAPBOARD_API_KEY: "service_sk_revokedrevokedrevokedrevoked" } })).code).toBe(3);
  });

  it("writes a CSV onto a board as one change and reads the same block back", async () => {
    const snapId = (await snapboard(["snaps", "create", "--title", "Table"], { env: signedIn() })).stdout.trim();
    const csv = 'Name,Role,Notes\nAda,"Engineer, lead","Says ""hi"""\nGrace,Admiral,\n';
    const written = await snapboard(["range", "write", snapId, "--at", "B2"], { env: signedIn(), stdin: csv });
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toMatch(/card\(s\) created/);
    const read = await snapboard(["range", "read", snapId, "--at", "R2C2", "--size", "3x3"], { env: signedIn() });
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toBe(csv);
    const json = JSON.parse((await snapboard(["range", "read", snapId, "--at", "A1", "--size", "1x2", "--json"], { env: signedIn() })).stdout);
    expect(json.values).toEqual([[expect.any(String), null]]);
    expect((await snapboard(["range", "read", snapId, "--size", "200x200"], { env: signedIn() })).code).toBe(6);
  });

  it("exports a snap to a file and imports it again; searches", async () => {
    const snapId = (await snapboard(["snaps", "create", "--title", "Round trip"], { env: signedIn() })).stdout.trim();
    const file = join(scratch, "board.snap.json");
    const exported = await snapboard(["export", snapId, "-o", file], { env: signedIn() });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toMatch(/Wrote .*board\.snap\.json/);
    expect(JSON.parse(await readFile(file, "utf8")).format).toBe("snap-board");

    expect((await snapboard(["import", file, "--dry-run"], { env: signedIn() })).stdout).toContain("valid");
    const imported = await snapboard(["import", file, "--json"], { env: signedIn() });
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout).title).toBe("Round trip");
    // A .snap.zip (the document with the board's files) goes out and back the same way.
    const archive = join(scratch, "board.snap.zip");
    const zipped = await snapboard(["export", snapId, "-o", archive], { env: signedIn() });
    expect(zipped.code, zipped.stderr).toBe(0);
    expect((await readFile(archive)).subarray(0, 2).toString()).toBe("PK");
    expect((await snapboard(["export", snapId, "--format", "zip"], { env: signedIn() })).code).toBe(2);
    expect((await snapboard(["import", archive, "--dry-run"], { env: signedIn() })).stdout).toContain("valid");
    const fromArchive = await snapboard(["import", archive, "--json"], { env: signedIn() });
    expect(fromArchive.code, fromArchive.stderr).toBe(0);
    expect(JSON.parse(fromArchive.stdout).title).toBe("Round trip");
    await writeFile(join(scratch, "broken.json"), "{ not json");
    expect((await snapboard(["import", join(scratch, "broken.json")], { env: signedIn() })).code).toBe(2);

    const found = await snapboard(["search", "Round trip", "--json"], { env: signedIn() });
    expect(JSON.parse(found.stdout).some((result: { snap: { id: string } }) => result.snap.id === snapId)).toBe(true);
  });

  it("helps: --help everywhere, usage errors exit 2, completion scripts", async () => {
    const overview = await snapboard(["--help"]);
    expect(overview.code).toBe(0);
    for (const command of ["snaps ls", "cards create", "export", "import", "search", "events", "webhooks create", "login"])
      expect(overview.stdout).toContain(command);
    const help = await snapboard(["cards", "create", "--help"]);
    expect(help.stdout).toContain("--at");
    expect((await snapboard(["snaps", "ls", "--bogus"])).code).toBe(2);
    expect((await snapboard(["nonsense"])).code).toBe(2);
    expect((await snapboard(["completion", "bash"])).stdout).toContain("complete -F _snapboard snapboard");
  });
});
