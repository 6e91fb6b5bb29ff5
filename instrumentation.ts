/**
 * Next runs register() once per server process, in each runtime. Everything it does needs Node.js
 * (instrumentation-node.ts), so that half is imported only in the Node runtime, as Next documents:
 * the build replaces `process.env.NEXT_RUNTIME` with the runtime it compiles for and leaves the
 * import out of the Edge bundle, which would otherwise carry (and warn about) Node-only modules.
 */
export async function register(): Promise<void> {
  // eslint-disable-next-line no-restricted-properties -- the build must see this literal to drop the Edge import
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("./instrumentation-node");
    await registerNode();
  }
}
