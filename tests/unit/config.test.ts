import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_DEFAULTS, CONFIG_REFERENCE, ConfigError, parseConfig } from "@/lib/config";
import { CONFIGURATION_REFERENCE_PATH, renderConfigurationReference } from "@/scripts/config-reference";

/** docs/CONFIGURATION.md's table: each row's variable and the default it shows. */
function documentedDefaults(): Map<string, string> {
  const rows = readFileSync(CONFIGURATION_REFERENCE_PATH, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("| `"));
  return new Map(rows.map((row) => row.split("|").map((cell) => cell.trim())).map(([, name, shown]) => [name!.replaceAll("`", ""), shown!]));
}

describe("configuration (lib/config.ts)", () => {
  it("docs/CONFIGURATION.md is what its declarations render (npm run docs:config writes it)", async () => {
    expect(readFileSync(CONFIGURATION_REFERENCE_PATH, "utf8")).toBe(await renderConfigurationReference());
    for (const variable of CONFIG_REFERENCE)
      expect({ name: variable.name, documented: variable.description.length > 0 }).toEqual({ name: variable.name, documented: true });
  });

  it("the reference lists exactly the variables the module reads, with the same defaults", () => {
    const table = documentedDefaults();
    expect([...table.keys()].sort()).toEqual(Object.keys(CONFIG_DEFAULTS).sort());
    for (const [name, fallback] of Object.entries(CONFIG_DEFAULTS)) {
      const shown = table.get(name) ?? "";
      if (fallback === undefined) expect({ name, shown }).toEqual({ name, shown: expect.stringMatching(/^unset/) });
      else expect({ name, shown }).toEqual({ name, shown: `\`${fallback}\`` });
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
