import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";
import { LockIcon } from "@/components/ui/icons";

/** A snap that exists but is not shared with the caller (the API's 403). */
export function NoAccess() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
        <LockIcon className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">You don&apos;t have access to this snap</h1>
      <p className="mt-2 text-sm text-slate-600">Its owner has not shared it with your workspace. Ask them to share it, or to send you its public link.</p>
      <Link href="/" className={buttonClassName("primary", "md", "mt-6")}>
        Back to your snaps
      </Link>
    </div>
  );
}
