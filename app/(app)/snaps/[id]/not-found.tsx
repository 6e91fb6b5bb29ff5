import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";
import { GridIcon } from "@/components/ui/icons";

export default function SnapNotFound() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <GridIcon className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Snap not found</h1>
      <p className="mt-2 text-sm text-slate-600">It may have been deleted, or the link is wrong.</p>
      <Link href="/" className={buttonClassName("primary", "md", "mt-6")}>
        Back to your snaps
      </Link>
    </div>
  );
}
