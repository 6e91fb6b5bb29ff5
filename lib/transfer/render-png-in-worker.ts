import "server-only";
import { randomUUID } from "node:crypto";
import { Worker } from "node:worker_threads";
import type { ResvgRenderOptions } from "@resvg/resvg-js";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";
import { PNG_RENDER_WORKER_SOURCE } from "./png-render-worker-source";

/**
 * The JavaScript heap one render may use (its SVG text and the PNG bytes; the raster itself is the
 * renderer's native memory, which the pixel cap bounds). Past it the worker ends, not the server.
 */
const WORKER_HEAP_MB = 96;

/**
 * Renders an SVG to PNG in a worker thread of its own, ended after: the layout, the raster and the
 * PNG encoding never run on the event loop that serves requests, and a render that runs out of its
 * memory ends the worker with a 503 instead of the server (docs/EXPORT-IMPORT.md, "PNG").
 */
export function renderPngInWorker(svg: string, options: ResvgRenderOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PNG_RENDER_WORKER_SOURCE, {
      eval: true,
      workerData: { svg, options, root: process.cwd(), testGate: config().PNG_RENDER_TEST_GATE ?? null, renderId: randomUUID() },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    });
    const unavailable = () => new ApiError("SERVICE_UNAVAILABLE", "The picture could not be rendered: try a smaller scale, or the SVG format");
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.once("message", (message: { png?: Uint8Array; error?: string }) =>
      settle(() => (message.png ? resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength)) : reject(unavailable()))),
    );
    worker.once("error", () => settle(() => reject(unavailable())));
    worker.once("exit", () => settle(() => reject(unavailable())));
  });
}
