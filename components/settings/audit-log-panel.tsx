"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { callApi, type ApiResult } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { SelectField } from "@/components/ui/select-field";
import { Spinner } from "@/components/ui/spinner";
import { actionLabel, actorLabel, AUDIT_FILTERS, type AuditEntry } from "./audit-log-types";

const PAGE_SIZE = 25;

interface Page {
  entries: AuditEntry[];
  nextCursor: string | null;
}

function fetchPage(action: string, before: string | null): Promise<ApiResult<Page>> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (action) query.set("action", action);
  if (before) query.set("before", before);
  return callApi<Page>(`/api/workspace/audit-log?${query}`);
}

/**
 * Settings › Workspace › Audit log (admins): who did what to the workspace's access, newest first,
 * filtered by area, a page at a time ("Show older").
 */
export function AuditLogPanel() {
  const [filter, setFilter] = useState("");
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  // Only the latest request's answer is shown: an older page still on its way when the filter
  // changes must not be appended to the new filter's list.
  const latestRequest = useRef(0);
  const load = useCallback((action: string, before: string | null) => {
    const request = ++latestRequest.current;
    void fetchPage(action, before).then((result) => {
      if (request !== latestRequest.current) return;
      setLoading(false);
      if (!result.ok) return setError(result.error.message);
      setEntries((current) => (before && current ? [...current, ...result.data.entries] : result.data.entries));
      setCursor(result.data.nextCursor);
    });
  }, []);

  useEffect(() => load(filter, null), [filter, load]);

  function reload(before: string | null) {
    setLoading(true);
    setError(null);
    load(filter, before);
  }

  return (
    <section aria-labelledby="audit-heading" className="mt-8 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-5 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div>
          <h2 id="audit-heading" className="text-base font-semibold text-slate-900">
            Audit log
          </h2>
          <p className="mt-1 max-w-xl text-sm text-slate-600">
            Sign-ins, API keys, webhooks, members and sharing in this workspace: who did it, when and from where.
          </p>
        </div>
        <SelectField
          label="Show"
          size="sm"
          className="sm:w-56"
          options={AUDIT_FILTERS}
          value={filter}
          onChange={(event) => {
            setEntries(null);
            setLoading(true);
            setError(null);
            setFilter(event.target.value);
          }}
        />
      </div>
      {error && (
        <div className="border-b border-slate-200 p-4 sm:px-6">
          <Alert title="Could not load the audit log">
            {error}{" "}
            <button type="button" className="font-semibold underline" onClick={() => reload(entries?.length ? cursor : null)}>
              Try again
            </button>
          </Alert>
        </div>
      )}
      {entries === null && loading && (
        <p className="flex items-center gap-2 p-5 text-sm text-slate-500 sm:px-6" role="status">
          <Spinner /> Loading the audit log…
        </p>
      )}
      {entries?.length === 0 && !loading && !error && (
        <p className="p-5 text-sm text-slate-500 sm:px-6">{filter ? "Nothing of this kind has happened yet." : "Nothing has been recorded yet."}</p>
      )}
      {entries && entries.length > 0 && (
        <ol aria-label="Audit log entries" className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 px-5 py-3.5 text-sm sm:flex-row sm:items-baseline sm:gap-4 sm:px-6">
              <p className="shrink-0 text-xs text-slate-500 sm:w-32">
                <RelativeTime value={entry.occurredAt} />
              </p>
              <div className="min-w-0 flex-1">
                <p className="text-slate-900">
                  <span className="font-medium">{actorLabel(entry.actor)}</span> · {actionLabel(entry.action)}
                  {entry.target.name && <span className="break-words text-slate-700"> · {entry.target.name}</span>}
                </p>
                {entry.ip && <p className="mt-0.5 text-xs text-slate-500">from {entry.ip}</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
      {entries && cursor && (
        <div className="border-t border-slate-200 p-4 sm:px-6">
          <Button variant="secondary" size="sm" pending={loading} onClick={() => reload(cursor)}>
            {loading ? "Loading…" : "Show older"}
          </Button>
        </div>
      )}
    </section>
  );
}
