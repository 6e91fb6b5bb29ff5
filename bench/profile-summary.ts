/**
 * Summarizes a .cpuprofile written by `BENCH_CPU_PROF=1 npm run bench` (node --cpu-prof on the
 * server): self time by function and by package, and inclusive time of the heaviest frames.
 * Usage: npx tsx bench/profile-summary.ts $TMPDIR/snap-bench-profiles/<file>.cpuprofile [top=25]
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]");
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const selfMs = new Map<number, number>();
profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
const totalMs = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);

/** A package name (or a short path) for a script URL. */
function where(url: string): string {
  if (!url) return "(native / V8)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith("node:")) return url;
  const chunk = /\.next[^/]*\/(.*)$/.exec(url);
  return chunk ? `build: ${chunk[1]}` : url.replace(/^file:\/\//, "");
}
const label = (node: ProfileNode) => `${node.callFrame.functionName || "(anonymous)"}  ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

function table(title: string, entries: Map<string, number>) {
  console.log(`\n${title}`);
  for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((ms / totalMs) * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
}

const selfByFunction = new Map<string, number>();
const selfByPackage = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const node = byId.get(id)!;
  selfByFunction.set(label(node), (selfByFunction.get(label(node)) ?? 0) + ms);
  const pkg = where(node.callFrame.url);
  selfByPackage.set(pkg, (selfByPackage.get(pkg) ?? 0) + ms);
  // Inclusive time: charge each distinct frame on the stack once.
  const seen = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
    const name = label(byId.get(current)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  }
}

console.log(`${file}: ${totalMs.toFixed(0)} ms sampled`);
table("self time by package", selfByPackage);
table("self time by function", selfByFunction);
table("inclusive time by function", inclusive);
