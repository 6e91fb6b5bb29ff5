import { CLIENT_CAPABILITIES_META_KEY, type ClientCapabilities, type ServerContext } from "@modelcontextprotocol/server";

/** What a 2026-07-28 client declares with each request (its envelope); nothing for a 2025 request. */
export function clientCapabilitiesOf(ctx: ServerContext): (ClientCapabilities & { extensions?: Record<string, unknown> }) | undefined {
  const envelope = (ctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
  return (envelope[CLIENT_CAPABILITIES_META_KEY] ?? envelope.clientCapabilities) as ClientCapabilities | undefined;
}
