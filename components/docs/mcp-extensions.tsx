import type { Operation } from "./openapi-types";

/** What an operation offers over MCP, from the document's `x-mcp-*` members (docs/API.md, "MCP"). */
export function McpExtensions({ operation }: { operation: Operation }) {
  const tools = operation["x-mcp-tools"] ?? [];
  const resources = operation["x-mcp-resources"] ?? [];
  const prompts = operation["x-mcp-prompts"] ?? [];
  if (tools.length + resources.length + prompts.length === 0) return null;
  return (
    <div className="mt-2 space-y-2 text-xs text-slate-600">
      {tools.length > 0 && (
        <p>
          MCP tool{tools.length > 1 ? "s" : ""}:{" "}
          {tools.map((name, index) => (
            <span key={name}>
              {index > 0 && ", "}
              <code className="rounded bg-indigo-50 px-1 py-0.5 font-mono text-indigo-800">{name}</code>
            </span>
          ))}
        </p>
      )}
      {resources.length > 0 && (
        <div>
          <p className="font-semibold text-slate-700">MCP resources</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {resources.map((resource) => (
              <li key={resource.uriTemplate}>
                <code className="font-mono">{resource.uriTemplate}</code> ({resource.mimeType}): {resource.description}
              </li>
            ))}
          </ul>
        </div>
      )}
      {prompts.length > 0 && (
        <div>
          <p className="font-semibold text-slate-700">MCP prompts</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {prompts.map((prompt) => (
              <li key={prompt.name}>
                <code className="font-mono">{prompt.name}</code>
                {prompt.arguments?.length ? ` (${prompt.arguments.map((argument) => argument.name).join(", ")})` : ""}: {prompt.description}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
