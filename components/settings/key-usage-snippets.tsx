"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { CheckIcon, CopyIcon } from "@/components/ui/icons";

const COPIED_VISIBLE_MS = 2000;

/** A request with the new key, ready to paste into a terminal. */
export function curlSnippet(origin: string, secret: string): string {
  return `curl ${origin}/api/snaps \\\n  -H "Authorization: Bearer ${secret}"`;
}

/** The entry an MCP client (Claude Code, Cursor and the like) takes for a Streamable HTTP server. */
export function mcpConfigSnippet(origin: string, secret: string): string {
  const config = { mcpServers: { "snap-board": { type: "http", url: `${origin}/api/mcp`, headers: { Authorization: `Bearer ${secret}` } } } };
  return JSON.stringify(config, null, 2);
}

interface Snippet {
  id: "curl" | "mcp";
  label: string;
  hint: string;
  text: string;
}

/**
 * The new key put to use, in two tabs: a curl request and an MCP client configuration. Shown with
 * the key, once; both embed the secret, so they are not kept anywhere either.
 */
export function KeyUsageSnippets({ secret }: { secret: string }) {
  // Only ever rendered after a key was generated in the browser, never on the server.
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const snippets: Snippet[] = [
    { id: "curl", label: "curl", hint: "List your snaps with the new key:", text: curlSnippet(origin, secret) },
    {
      id: "mcp",
      label: "MCP client",
      hint: "Add this server to your AI agent's MCP configuration (Streamable HTTP):",
      text: mcpConfigSnippet(origin, secret),
    },
  ];
  const [selected, setSelected] = useState<Snippet["id"]>("curl");
  const baseId = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = snippets.find((snippet) => snippet.id === selected)!;

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft" && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const index = snippets.findIndex((snippet) => snippet.id === selected);
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? snippets.length - 1
          : (index + (event.key === "ArrowRight" ? 1 : -1) + snippets.length) % snippets.length;
    setSelected(snippets[next]!.id);
    tabRefs.current[snippets[next]!.id]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label="Use the key" className="flex gap-1 border-b border-slate-200">
        {snippets.map((snippet) => {
          const active = snippet.id === selected;
          return (
            <button
              key={snippet.id}
              ref={(element) => {
                tabRefs.current[snippet.id] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${snippet.id}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(snippet.id)}
              onKeyDown={onTabKeyDown}
              className={`-mb-px border-b-2 px-3 pt-1 pb-2 text-sm font-medium ${
                active ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:text-slate-700"
              }`}
            >
              {snippet.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${current.id}`} className="pt-3">
        <p className="text-xs text-slate-600">{current.hint}</p>
        <pre
          tabIndex={0}
          aria-label={`${current.label} example`}
          className="keep-light-palette mt-2 max-h-44 overflow-auto rounded-lg bg-slate-900 px-3 py-2.5 font-mono text-[11px] leading-5 text-slate-100 sm:max-h-60 sm:text-xs"
        >
          {current.text}
        </pre>
        <CopyText key={current.id} text={current.text} label={current.label} />
      </div>
    </div>
  );
}

function CopyText({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), COPIED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <div className="mt-2 flex items-center gap-3">
      <Button variant="secondary" size="sm" onClick={copy}>
        {state === "copied" ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
        {state === "copied" ? "Copied" : `Copy ${label} example`}
      </Button>
      <p role="status" className="text-xs text-slate-600">
        {state === "copied" && <span className="sr-only">Copied to the clipboard.</span>}
        {state === "failed" && "Copying was blocked: select the text above and copy it by hand."}
      </p>
    </div>
  );
}
