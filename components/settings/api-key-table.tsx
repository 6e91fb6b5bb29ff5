"use client";

import { RelativeTime } from "@/components/ui/relative-time";
import { TrashIcon } from "@/components/ui/icons";
import type { ApiKeySummary } from "./api-key-types";

interface ApiKeyTableProps {
  apiKeys: ApiKeySummary[];
  onRevoke: (apiKey: ApiKeySummary) => void;
}

function KeyPrefix({ prefix }: { prefix: string }) {
  return <code className="font-mono text-[13px] text-slate-600">{prefix}…</code>;
}

function LastUsed({ value }: { value: string | null }) {
  return value ? <RelativeTime value={value} /> : <span className="text-slate-500">Never</span>;
}

function AccessBadge({ access }: { access: ApiKeySummary["access"] }) {
  return access === "read" ? (
    <span className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
      Read only
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Full access</span>
  );
}

const HEAD_CELL = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase";

/**
 * Active keys. On a phone the prefix and dates fold under the name (those columns are hidden),
 * so each row stays readable at 390px without sideways scrolling.
 */
export function ApiKeyTable({ apiKeys, onRevoke }: ApiKeyTableProps) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Active API keys</caption>
      <thead className="border-b border-slate-200 bg-slate-50/80">
        <tr>
          <th scope="col" className={`${HEAD_CELL} sm:pl-6`}>
            Name
          </th>
          <th scope="col" className={`${HEAD_CELL} hidden sm:table-cell`}>
            Key prefix
          </th>
          <th scope="col" className={`${HEAD_CELL} hidden sm:table-cell`}>
            Access
          </th>
          <th scope="col" className={`${HEAD_CELL} hidden md:table-cell`}>
            Created
          </th>
          <th scope="col" className={`${HEAD_CELL} hidden sm:table-cell`}>
            Last used
          </th>
          <th scope="col" className="w-14 px-4 py-3 sm:pr-6">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {apiKeys.map((apiKey) => (
          <tr key={apiKey.id} className="align-middle hover:bg-slate-50/60">
            <td className="max-w-0 px-4 py-3.5 sm:max-w-none sm:pl-6">
              <p className="truncate font-medium text-slate-900">{apiKey.name}</p>
              <div className="mt-1 space-y-0.5 text-xs text-slate-500 sm:hidden">
                <p className="flex items-center gap-2">
                  <KeyPrefix prefix={apiKey.prefix} />
                  <AccessBadge access={apiKey.access} />
                </p>
                <p>
                  Created <RelativeTime value={apiKey.createdAt} /> · Last used <LastUsed value={apiKey.lastUsedAt} />
                </p>
              </div>
              <p className="mt-0.5 hidden text-xs text-slate-500 sm:block md:hidden">
                Created <RelativeTime value={apiKey.createdAt} />
              </p>
            </td>
            <td className="hidden px-4 py-3.5 whitespace-nowrap sm:table-cell">
              <KeyPrefix prefix={apiKey.prefix} />
            </td>
            <td className="hidden px-4 py-3.5 whitespace-nowrap sm:table-cell">
              <AccessBadge access={apiKey.access} />
            </td>
            <td className="hidden px-4 py-3.5 whitespace-nowrap text-slate-700 md:table-cell">
              <RelativeTime value={apiKey.createdAt} showAbsolute />
            </td>
            <td className="hidden px-4 py-3.5 whitespace-nowrap text-slate-700 sm:table-cell">
              <LastUsed value={apiKey.lastUsedAt} />
            </td>
            <td className="px-4 py-3.5 text-right sm:pr-6">
              <button
                type="button"
                aria-label={`Revoke key ${apiKey.name}`}
                title="Revoke key"
                onClick={() => onRevoke(apiKey)}
                className="inline-flex size-9 items-center justify-center rounded-lg text-slate-400 transition-colors hover:bg-red-50 hover:text-red-600"
              >
                <TrashIcon />
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
