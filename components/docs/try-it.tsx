"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/browser/use-hydrated";

export interface TryItField {
  name: string;
  description?: string;
  required?: boolean;
  placeholder?: string;
}

interface TryItProps {
  method: string;
  path: string;
  pathParams: TryItField[];
  queryParams: TryItField[];
  headers: TryItField[];
  /** The request body's example, pretty-printed; absent for bodiless methods. */
  exampleBody?: string;
}

interface Result {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
}

/** Response headers worth showing next to the body. */
const SHOWN_HEADERS = ["etag", "idempotent-replayed", "allow", "retry-after", "content-type"];

/** A fresh idempotency key; randomUUID exists only in secure contexts, getRandomValues everywhere. */
function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Field({ field, prefix, value, onChange }: { field: TryItField; prefix: string; value: string; onChange: (value: string) => void }) {
  const id = `${prefix}-${field.name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        <code className="font-mono">{field.name}</code>
        {field.required ? <span className="text-rose-700"> (required)</span> : <span className="text-slate-500"> (optional)</span>}
      </label>
      <input
        id={id}
        value={value}
        required={field.required}
        placeholder={field.placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={field.description ? `${id}-hint` : undefined}
        autoComplete="off"
        spellCheck={false}
        className="mt-1 block h-9 w-full rounded-md border border-slate-300 bg-white px-2.5 font-mono text-[13px] text-slate-900 focus:border-indigo-500 focus:outline-offset-0!"
      />
      {field.description && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {field.description}
        </p>
      )}
    </div>
  );
}

/**
 * Sends one request to this API from the page, with the signed-in user's session cookie (same
 * origin, so cookie-authenticated writes pass the CSRF check), and shows the status and body.
 */
export function TryIt({ method, path, pathParams, queryParams, headers, exampleBody }: TryItProps) {
  const prefix = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(exampleBody ?? "");
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  const [result, setResult] = useState<Result | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const valueOf = (key: string) => values[key] ?? "";
  const setValue = (key: string) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = new URL(
      path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(valueOf(`path:${name}`))),
      window.location.origin,
    );
    for (const field of queryParams) if (valueOf(`query:${field.name}`)) url.searchParams.set(field.name, valueOf(`query:${field.name}`));
    const requestHeaders: Record<string, string> = {};
    for (const field of headers) if (valueOf(`header:${field.name}`)) requestHeaders[field.name] = valueOf(`header:${field.name}`);
    if (exampleBody !== undefined) requestHeaders["Content-Type"] = "application/json";

    setPending(true);
    setFailure(null);
    try {
      const response = await fetch(url, {
        method: method.toUpperCase(),
        headers: requestHeaders,
        body: exampleBody !== undefined ? body : undefined,
        credentials: "same-origin",
        cache: "no-store",
      });
      const text = await response.text();
      setResult({
        status: response.status,
        statusText: response.statusText,
        headers: SHOWN_HEADERS.flatMap((name) => {
          const value = response.headers.get(name);
          return value === null ? [] : [[name, value] as [string, string]];
        }),
        body: prettyBody(text),
      });
    } catch {
      setResult(null);
      setFailure("Could not reach the server.");
    } finally {
      setPending(false);
    }
  }

  const tone = result && result.status < 300 ? "text-emerald-700" : result && result.status < 400 ? "text-sky-700" : "text-rose-700";

  return (
    <form onSubmit={send} className="space-y-4">
      {pathParams.length + queryParams.length + headers.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {pathParams.map((field) => (
            <Field
              key={field.name}
              field={{ ...field, required: true }}
              prefix={`${prefix}-path`}
              value={valueOf(`path:${field.name}`)}
              onChange={setValue(`path:${field.name}`)}
            />
          ))}
          {queryParams.map((field) => (
            <Field
              key={field.name}
              field={field}
              prefix={`${prefix}-query`}
              value={valueOf(`query:${field.name}`)}
              onChange={setValue(`query:${field.name}`)}
            />
          ))}
          {headers.map((field) => (
            <div key={field.name}>
              <Field field={field} prefix={`${prefix}-header`} value={valueOf(`header:${field.name}`)} onChange={setValue(`header:${field.name}`)} />
              {field.name === "Idempotency-Key" && (
                <button
                  type="button"
                  onClick={() => setValue(`header:${field.name}`)(randomKey())}
                  className="mt-1 text-xs font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
                >
                  Use a new random key
                </button>
              )}
            </div>
          ))}
        </div>
      )}
      {exampleBody !== undefined && (
        <div>
          <label htmlFor={`${prefix}-body`} className="block text-xs font-medium text-slate-700">
            Body (JSON)
          </label>
          <textarea
            id={`${prefix}-body`}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={Math.min(14, Math.max(4, body.split("\n").length + 1))}
            spellCheck={false}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2.5 py-2 font-mono text-[13px] leading-5 text-slate-900 focus:border-indigo-500 focus:outline-offset-0!"
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" pending={pending} disabled={!hydrated}>
          Send {method.toUpperCase()} request
        </Button>
        <p className="text-xs text-slate-500">Runs against your real data, as you.</p>
      </div>
      {/* Only the status line is announced; the body can be long. */}
      <p role="status" className="text-sm font-semibold">
        {failure && <span className="text-rose-700">{failure}</span>}
        {result && (
          <>
            Response: <span className={tone}>{result.status}</span> {result.statusText}
          </>
        )}
      </p>
      {result && (result.headers.length > 0 || result.body) && (
        <div className="space-y-2">
          {result.headers.length > 0 && (
            <ul aria-label="Response headers" className="font-mono text-xs text-slate-600">
              {result.headers.map(([name, value]) => (
                <li key={name}>
                  {name}: {value}
                </li>
              ))}
            </ul>
          )}
          {result.body && (
            // Focusable, so a keyboard user can scroll a long body.
            <pre
              tabIndex={0}
              aria-label="Response body"
              className="keep-light-palette max-h-96 overflow-auto rounded-lg bg-slate-900 px-3 py-2.5 font-mono text-xs leading-5 text-slate-100"
            >
              {result.body}
            </pre>
          )}
        </div>
      )}
    </form>
  );
}
