import type { Principal } from "@/lib/request/principal";

/**
 * A read-only key lists and runs only the tools marked `readOnlyHint: true`; a tool without the
 * mark counts as a write, so a new tool is closed to read keys until it is marked.
 */
export function mayRunTool(principal: Pick<Principal, "access">, tool: { annotations?: { readOnlyHint?: boolean } }): boolean {
  return principal.access !== "read" || tool.annotations?.readOnlyHint === true;
}
