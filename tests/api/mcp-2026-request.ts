/**
 * A 2026-07-28 MCP request by hand: the envelope and the standard headers as the revision writes
 * them, optionally declaring client capabilities (the tasks extension). The answer is the JSON body,
 * or the first `data:` line of a server-sent reply.
 */
export async function mcp2026Request(
  endpoint: string | URL,
  token: string,
  method: string,
  params: Record<string, unknown>,
  capabilities: Record<string, unknown> = {},
) {
  const name = (params.name ?? params.uri ?? params.taskId) as string | undefined;
  const response = await fetch(endpoint, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2026-07-28",
      "Mcp-Method": method,
      ...(name ? { "Mcp-Name": name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": capabilities,
        },
      },
    }),
  });
  const text = await response.text();
  const sent = text.startsWith("{")
    ? text
    : text
        .split("\n")
        .find((line) => line.startsWith("data: "))!
        .slice(6);
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: JSON.parse(sent) };
}
