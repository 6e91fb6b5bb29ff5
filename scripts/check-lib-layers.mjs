/**
 * `npm run lint`'s layer check: reads dependency-cruiser's graph of lib/ and components/ (JSON on
 * stdin), fails on its rule violations (.dependency-cruiser.cjs) and on any two lib modules (a
 * folder or file directly under lib/) that import each other, but the pairs named below with the
 * reason they are kept (docs/ARCHITECTURE.md, "Layers").
 */
import { readFileSync } from "node:fs";

/** Mutual imports kept on purpose: "a <-> b" (alphabetical) → why. */
const KEPT = new Map([]);

const graph = JSON.parse(readFileSync(0, "utf8"));
const moduleOf = (path) => /^lib\/([^/]+?)(?:\.tsx?)?(?:\/|$)/.exec(path)?.[1] ?? null;

const edges = new Map();
for (const { source, dependencies } of graph.modules) {
  const from = moduleOf(source);
  if (!from) continue;
  for (const { resolved } of dependencies) {
    const to = moduleOf(resolved);
    if (!to || to === from) continue;
    const key = `${from} -> ${to}`;
    if (!edges.has(key)) edges.set(key, []);
    edges.get(key).push(`${source} -> ${resolved}`);
  }
}

const problems = [];
for (const violation of graph.summary.violations) problems.push(`${violation.rule.name}: ${violation.from} -> ${violation.to}`);
const seen = new Set();
for (const key of edges.keys()) {
  const [from, to] = key.split(" -> ");
  const pair = [from, to].sort().join(" <-> ");
  if (seen.has(pair) || !edges.has(`${to} -> ${from}`)) continue;
  seen.add(pair);
  if (KEPT.has(pair)) continue;
  problems.push(
    `lib modules import each other: ${pair}\n    ${[...edges.get(key), ...edges.get(`${to} -> ${from}`)].join("\n    ")}\n  Move the shared piece down a layer (docs/ARCHITECTURE.md, "Layers").`,
  );
}
for (const pair of KEPT.keys()) if (!seen.has(pair)) problems.push(`${pair} no longer import each other: remove it from KEPT in scripts/check-lib-layers.mjs`);

if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`lib layers: ${graph.summary.totalCruised} modules, no mutual imports but the ${KEPT.size} kept (scripts/check-lib-layers.mjs)`);
