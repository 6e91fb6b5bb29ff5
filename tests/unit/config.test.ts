import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_DEFAULTS, ConfigError, parseConfig } from "@/lib/config";

/** README's "Configuration" table: each row's variable names and the default shown for each. */
function readmeTable(): Map<string, string> {
  const readme = readFileSync("README.md", "utf8");
  const start = readme.indexOf("## Configuration");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const rows = section.split("\n").filter((line) => line.startsWith("| `"));
  const defaults = new Map<string, string>();
  for (const row of rows) {
    const [names, shown] = row
      .split("|")
      .slice(1, 3)
      .map((cell) => cell.trim());
    const variables = [...names!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!);
    // One default per name when a row names several ("`250`, `50`"), or one for them all.
    const parts = variables.length > 1 ? shown!.split(/,\s*/) : [shown!];
    variables.forEach((name, index) => defaults.set(name, parts.length === variables.length ? parts[index]! : shown!));
  }
  return defaults;
}

describe("configuration (lib/config.ts)", () => {
  it("README's table lists exactly the variables the module reads, with the same defaults", () => {
    const table = readmeTable();
    expect([...table.keys()].sort()).toEqual(Object.keys(CONFIG_DEFAULTS).sort());
    for (const [name, fallback] of Object.entries(CONFIG_DEFAULTS)) {
      const shown = table.get(name) ?? "";
      if (fallback === undefined) expect({ name, shown }).toEqual({ name, shown: expect.stringMatching(/^(unset|generated)/) });
      else expect({ name, shown }).toEqual({ name, shown: expect.stringContaining(`\`${fallback}\``) });
    }
  });

  it("takes the defaults when nothing is set, and the values given", () => {
    const defaults = parseConfig({});
    expect(defaults).toMatchObject({
      DATABASE_POOL_SIZE: 10,
      JOB_WORKER: "process",
      OIDC_ALLOW_SIGNUP: true,
      WEBHOOK_RETRY_DELAYS: [5, 300, 1800, 7200, 18000, 36000, 36000],
    });
    expect(defaults.DATABASE_URL).toBeUndefined();
    const given = parseConfig({ DATABASE_POOL_SIZE: " 4 ", WEBHOOK_RETRY_DELAYS: "1, 2,3", OIDC_ALLOW_SIGNUP: "FALSE", LOG_LEVEL: "warn" });
    expect(given).toMatchObject({ DATABASE_POOL_SIZE: 4, WEBHOOK_RETRY_DELAYS: [1, 2, 3], OIDC_ALLOW_SIGNUP: false, LOG_LEVEL: "warn" });
    expect(parseConfig({ WEBHOOK_RETRY_DELAYS: "" }).WEBHOOK_RETRY_DELAYS).toEqual([]);
  });

  it("refuses a bad value, naming the variable and what it accepts", () => {
    const refusal = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(refusal({ DATABASE_POOL_SIZE: "lots" })).toContain('DATABASE_POOL_SIZE expects a whole number from 1 to 1000, got "lots"');
    expect(refusal({ SNAP_DETAIL_CACHE_MB: "-1" })).toContain("SNAP_DETAIL_CACHE_MB expects a whole number from 0");
    expect(refusal({ JOB_WORKER: "thread" })).toContain("JOB_WORKER expects one of process, app, off");
    expect(refusal({ WEBHOOK_ALLOW_PRIVATE_URLS: "yes" })).toContain("WEBHOOK_ALLOW_PRIVATE_URLS expects true or false");
    expect(refusal({ WEBHOOK_RETRY_DELAYS: "1,soon" })).toContain("WEBHOOK_RETRY_DELAYS expects comma-separated seconds");
    // Every problem at once, not the first only.
    const both = refusal({ PORT: "0", AUDIT_RETENTION_DAYS: "forever" });
    expect(both).toContain("PORT");
    expect(both).toContain("AUDIT_RETENTION_DAYS");
  });
});
