/**
 * NODE_OPTIONS for the app server (`npm start`, and the bench, which measures what a deployment
 * runs). A V8 heap cap keeps RSS near 300 MB under load: without one, V8 lets the heap grow far
 * past what it holds between full collections (docs/PERFORMANCE.md, "Design decisions"). 256 MB is the
 * lowest cap measured to survive ten 8 MB card batches at once (bench/big-batches.ts: 192 and 128
 * ran out of heap). A max-old-space-size already in NODE_OPTIONS wins.
 */
export const SERVER_HEAP_MB = 256;

/**
 * The young generation's semi-space cap: V8 grows it to 16 MB under load (32 MB of new space
 * held), and a request's garbage dies young either way. At 4 MB next-server held about 40 MB less
 * PSS after a minute of 30 connections reading, with no fewer requests served (bench/memory.ts,
 * docs/PERFORMANCE.md, "Memory per process"). A max-semi-space-size already in NODE_OPTIONS wins.
 */
export const SERVER_SEMI_SPACE_MB = 4;

export function serverNodeOptions(current = process.env.NODE_OPTIONS ?? ""): string {
  const options = [current];
  if (!/--max-old-space-size\b/.test(current)) options.push(`--max-old-space-size=${SERVER_HEAP_MB}`);
  if (!/--max-semi-space-size\b/.test(current)) options.push(`--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`);
  return options.join(" ").trim();
}
