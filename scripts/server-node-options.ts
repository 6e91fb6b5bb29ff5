/**
 * NODE_OPTIONS for the app server (`npm start`, and the bench, which measures what a deployment
 * runs). A V8 heap cap keeps RSS near 300 MB under load: without one, V8 lets the heap grow far
 * past what it holds between full collections (docs/PERFORMANCE.md, "Design decisions"). 256 MB is the
 * lowest cap measured to survive ten 8 MB card batches at once (bench/big-batches.ts: 192 and 128
 * ran out of heap). A max-old-space-size already in NODE_OPTIONS wins.
 */
export const SERVER_HEAP_MB = 256;

export function serverNodeOptions(current = process.env.NODE_OPTIONS ?? ""): string {
  if (/--max-old-space-size\b/.test(current)) return current;
  return `${current} --max-old-space-size=${SERVER_HEAP_MB}`.trim();
}
