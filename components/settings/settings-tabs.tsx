"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** Settings sections. */
const TABS = [
  { href: "/settings/integrations", label: "Integrations" },
  { href: "/settings/workspace", label: "Workspace" },
  { href: "/settings/account", label: "Account" },
] as const;

/** Navigation between settings pages (links, so not an ARIA tablist); the current one is marked. */
export function SettingsTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings sections" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-6 overflow-x-auto">
        {TABS.map((tab) => {
          const current = pathname === tab.href || pathname.startsWith(`${tab.href}/`);
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={current ? "page" : undefined}
                className={`inline-block border-b-2 px-1 pt-1 pb-3 text-sm font-medium whitespace-nowrap ${
                  current ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
