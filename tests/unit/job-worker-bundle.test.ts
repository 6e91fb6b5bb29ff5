import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * The job worker process loads no Prisma (docs/ARCHITECTURE.md, "Job worker"): bundled as the
 * launcher bundles it (scripts/start.mjs), nothing of the generated client or the ORM's packages
 * may be among its inputs or imports. A task that reaches `@/lib/db/client` fails here.
 */
describe("the job worker's bundle", () => {
  it("holds no Prisma", async () => {
    const result = await build({
      entryPoints: ["scripts/job-worker.ts"],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain("lib/webhooks/fan-out-events.ts");
    expect(inputs.filter((input) => input.startsWith("lib/db/generated/") || input === "lib/db/client.ts")).toEqual([]);
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((imported) => imported.path));
    expect(imports).toContain("pg");
    expect(imports.filter((path) => path.includes("prisma"))).toEqual([]);
  });
});
