import type { Metadata } from "next";
import Link from "next/link";
import { BrandMark } from "@/components/app-shell/brand-mark";
import { GridIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Snap not found", robots: { index: false, follow: false } };

export default function PublicSnapNotFound() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <GridIcon className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">This link doesn&apos;t lead to a snap</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600">The snap may have been made private or deleted, or the link was copied incompletely.</p>
      <Link href="/" className="mt-8 rounded-lg">
        <BrandMark />
      </Link>
    </div>
  );
}
