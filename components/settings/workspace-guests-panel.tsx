"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";

/** A guest as GET /api/workspace/guests answers it: someone outside the workspace on some of its boards. */
export interface WorkspaceGuest {
  user: { id: string; name: string | null; email: string };
  snaps: { id: string; title: string; role: string }[];
}

const guestName = (guest: WorkspaceGuest) => guest.user.name || guest.user.email;

/**
 * Settings › Workspace for admins: everyone outside the workspace who was added to one of its
 * boards, with those boards and their role, and a removal from all of them at once.
 */
export function WorkspaceGuestsPanel({ initialGuests }: { initialGuests: WorkspaceGuest[] }) {
  const [guests, setGuests] = useState(initialGuests);
  const [removing, setRemoving] = useState<WorkspaceGuest | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby="guests-heading" className="mt-8 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="border-b border-slate-200 p-5 sm:px-6">
        <h2 id="guests-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
          Guests
        </h2>
        <p className="mt-1 max-w-xl text-sm text-slate-600">People outside this workspace who were added to some of its boards, private ones included.</p>
      </div>
      {guests.length === 0 ? (
        <p className="p-5 text-sm text-slate-600 sm:px-6">No one outside the workspace has been added to its boards.</p>
      ) : (
        <ul aria-label="Guests" className="divide-y divide-slate-100">
          {guests.map((guest) => (
            <li key={guest.user.id} className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between sm:px-6">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{guestName(guest)}</p>
                {guest.user.name && <p className="truncate text-xs text-slate-600">{guest.user.email}</p>}
                <ul aria-label={`Boards ${guestName(guest)} is on`} className="mt-2 flex flex-wrap gap-1.5">
                  {guest.snaps.map((snap) => (
                    <li key={snap.id}>
                      <Link
                        href={`/snaps/${snap.id}`}
                        className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500"
                      >
                        {snap.title}
                        <span className="text-slate-600">· {snap.role}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setRemoving(guest)}>
                Remove from all boards<span className="sr-only"> for {guestName(guest)}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        open={removing !== null}
        title={removing ? `Remove ${guestName(removing)} from every board?` : ""}
        description="They lose access to every board of this workspace they were added to."
        deletePath={removing && `/api/workspace/guests/${encodeURIComponent(removing.user.id)}`}
        confirmLabel="Remove guest"
        pendingLabel="Removing…"
        onClose={() => setRemoving(null)}
        onDeleted={() => {
          const gone = removing;
          setRemoving(null);
          if (gone) setGuests((current) => current.filter((guest) => guest.user.id !== gone.user.id));
        }}
        fallbackFocusRef={headingRef}
      />
    </section>
  );
}
