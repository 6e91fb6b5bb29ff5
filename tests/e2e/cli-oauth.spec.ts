import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { ProcessOutput } from "../setup/process-output";
import { signUp } from "./board-helpers";

/**
 * `snapboard login --oauth` as a person does it: the CLI prints the consent address and waits on a
 * loopback port; the person, signed in in the browser, allows it; the browser lands on the CLI's
 * own page, and the CLI stores the tokens and then works with them.
 */
function snapboard(args: string[], configDir: string) {
  return spawn(process.execPath, ["--import", "tsx", "sdk/src/cli/main.ts", ...args], {
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: configDir, SNAPBOARD_CONFIG_DIR: configDir },
  });
}

test("snapboard login --oauth: consent in the browser, tokens stored, commands work with them", async ({ page, baseURL }) => {
  const configDir = await mkdtemp(join(tmpdir(), "snapboard-oauth-"));
  try {
    const email = await signUp(page, "Clio Command Line");
    const login = snapboard(["login", "--url", baseURL!, "--oauth", "--no-browser"], configDir);
    // Listened for at once: the CLI may be done before the browser shows its page.
    const exited = once(login, "exit");
    const output = new ProcessOutput();
    output.attach(login);
    await output.waitFor(/\/oauth\/authorize\?\S+/);
    const address = /(http\S+\/oauth\/authorize\?\S+)/.exec(output.text)![1]!;

    await page.goto(address);
    await expect(page.getByRole("heading", { name: /Connect snapboard CLI/ })).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page.getByText("Signed in: you can close this tab")).toBeVisible();
    const [code] = await exited;
    expect(code, output.text).toBe(0);

    const stored = JSON.parse(await readFile(join(configDir, "config.json"), "utf8"));
    expect(stored).toMatchObject({ url: baseURL, accessToken: expect.stringMatching(/^service_at_/), refreshToken: expect.any(String) });
    const whoami = snapboard(["whoami", "--json"], configDir);
    const whoamiOutput = new ProcessOutput();
    whoamiOutput.attach(whoami);
    const [whoamiCode] = await once(whoami, "exit");
    expect(whoamiCode, whoamiOutput.text).toBe(0);
    expect(whoamiOutput.text).toContain(email);
  } finally {
    await rm(configDir, { recursive: true, force: true });
  }
});
