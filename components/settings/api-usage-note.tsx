import Link from "next/link";

/** How to call the API with a key (docs/API.md, "Authentication"), with a copyable example for this host. */
export function ApiUsageNote({ apiBaseUrl }: { apiBaseUrl: string }) {
  return (
    <section aria-labelledby="api-usage-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="api-usage-heading" className="text-base font-semibold text-slate-900">
        Using a key
      </h2>
      <p className="mt-1.5 text-sm leading-6 text-slate-600">
        Send the key with every request in the header{" "}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] text-slate-800">Authorization: Bearer &lt;key&gt;</code>. A key acts as you,
        with your permissions, until you revoke it; keys do not expire. Keys cannot create or revoke other keys.
      </p>
      <pre className="keep-light-palette mt-4 overflow-x-auto rounded-xl bg-slate-900 px-4 py-3.5 font-mono text-xs leading-6 text-slate-100 sm:text-[13px]">
        <code>{`curl ${apiBaseUrl}/api/snaps \\\n  -H "Authorization: Bearer service_sk_…"`}</code>
      </pre>
      <p className="mt-4 text-sm leading-6 text-slate-600">
        Every endpoint, with schemas, examples and a “Try it” form, is in the{" "}
        <Link href="/docs" className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
          API reference
        </Link>{" "}
        (machine-readable:{" "}
        <a href="/api/openapi.json" className="font-mono text-[13px] text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
          /api/openapi.json
        </a>
        ). AI agents can connect to the MCP server at{" "}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] text-slate-800">{apiBaseUrl}/api/mcp</code> with a key; a new key comes with a
        ready-made configuration.
      </p>
    </section>
  );
}
