import Link from "next/link";
import type { ReactNode } from "react";
import { BrandMark } from "@/components/app-shell/brand-mark";

/** Signed-out pages: one centered card under the logo. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-indigo-50/70 via-slate-50 to-slate-50">
      <main className="flex flex-1 flex-col items-center px-4 pt-14 pb-12 sm:pt-24">
        <Link href="/" className="rounded-lg">
          <BrandMark size="lg" />
        </Link>
        <div className="mt-8 w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">{children}</div>
      </main>
    </div>
  );
}
