/**
 * The PNG render worker's code (a worker thread's script, run with `eval`: it is not bundled, so it
 * loads the renderer package from the project's node_modules as the server does). It renders one
 * picture and posts the PNG bytes, or `{ error }`. With a test gate (PNG_RENDER_TEST_GATE, tests
 * only) it first writes `<gate>.waiting` and holds until the gate file exists, so a test can see
 * the render queue full without timing.
 */
export const PNG_RENDER_WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const fs = require("node:fs");
const path = require("node:path");
async function main() {
  const gate = workerData.testGate;
  if (gate) {
    fs.writeFileSync(gate + "." + workerData.renderId + ".waiting", "");
    while (!fs.existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { Resvg } = createRequire(path.join(workerData.root, "package.json"))("@resvg/resvg-js");
  const png = new Resvg(workerData.svg, workerData.options).render().asPng();
  parentPort.postMessage({ png });
}
main().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;
