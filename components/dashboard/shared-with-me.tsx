import Link from "next/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { UsersIcon } from "@/components/ui/icons";
import type { SharedSnap } from "@/lib/board-members/member-schemas";

const ROLE_TEXT = { viewer: "Can view", commenter: "Can comment", editor: "Can edit" } as const;

/**
 * "Shared with me": the boards the user is a member of (GET /api/snaps/shared-with-me), each with
 * its owner, workspace and the user's role. A guest's whole view of another workspace. Nothing when
 * there are none.
 */
export function SharedWithMe({ snaps }: { snaps: SharedSnap[] }) {
  if (snaps.length === 0) return null;
  return (
    <section aria-labelledby="shared-with-me-heading" className="mb-8">
      <div className="mb-3 flex items-center gap-2">
        <UsersIcon className="size-5 text-slate-500" />
        <h2 id="shared-with-me-heading" className="text-lg font-semibold text-slate-900">
          Shared with me
        </h2>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {snaps.map((snap) => (
          <li key={snap.id}>
            <Link
              href={`/snaps/${snap.id}`}
              className="block rounded-xl bg-white p-4 ring-1 ring-slate-200 transition hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <p className="truncate font-medium text-slate-900">
                {snap.icon && <span aria-hidden="true">{snap.icon} </span>}
                {snap.title}
              </p>
              <p className="mt-1 truncate text-xs text-slate-600">
                {snap.owner.name ?? "Someone"} · {snap.guest ? snap.workspace.name : "your workspace"}
              </p>
              <p className="mt-2 flex items-center justify-between text-xs text-slate-600">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">{ROLE_TEXT[snap.role]}</span>
                <span>
                  Updated <RelativeTime value={snap.updatedAt} />
                </span>
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
