"use client";

import { RelativeTime } from "@/components/ui/relative-time";
import { SignOutIcon, TrashIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { RoleSelect } from "./role-select";
import { memberName, type WorkspaceMember } from "./workspace-types";

interface MemberTableProps {
  members: WorkspaceMember[];
  currentUserId: string;
  /** Admins get a role select and a remove button per row; everyone else a read-only list. */
  canManage: boolean;
  /** The caller's own row gets Leave (a workspace they were added to, not their personal one). */
  canLeave: boolean;
  /** The member whose role change is in flight. */
  pendingId: string | null;
  onRoleChange: (member: WorkspaceMember, role: "admin" | "member") => void;
  onRemove: (member: WorkspaceMember) => void;
}

const HEAD_CELL = "py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase";

function RoleBadge({ role }: { role: WorkspaceMember["role"] }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${
        role === "admin" ? "bg-indigo-50 text-indigo-700 ring-1 ring-indigo-600/20 ring-inset" : "bg-slate-100 text-slate-600"
      }`}
    >
      {role === "admin" ? "Admin" : "Member"}
    </span>
  );
}

function initials(member: WorkspaceMember): string {
  const words = memberName(member)
    .split(/[\s@._-]+/)
    .filter(Boolean);
  return ((words[0]?.[0] ?? "?") + (member.name && words[1] ? words[1][0] : "")).toUpperCase();
}

/** Members, with the joined date folded under the name on a phone. */
export function MemberTable({ members, currentUserId, canManage, canLeave, pendingId, onRoleChange, onRemove }: MemberTableProps) {
  const hasActions = canManage || canLeave;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Workspace members</caption>
      <thead className="border-b border-slate-200 bg-slate-50/80">
        <tr>
          <th scope="col" className={`${HEAD_CELL} px-4 sm:pl-6`}>
            Member
          </th>
          <th scope="col" className={`${HEAD_CELL} w-px px-2 sm:px-4`}>
            Role
          </th>
          <th scope="col" className={`${HEAD_CELL} hidden w-px px-4 sm:table-cell`}>
            Joined
          </th>
          {hasActions && (
            <th scope="col" className="w-px py-3 pr-2 sm:px-4 sm:pr-6">
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {members.map((member) => {
          const isYou = member.id === currentUserId;
          const name = memberName(member);
          return (
            <tr key={member.id} className="align-middle">
              <td className="max-w-0 px-4 py-3.5 sm:pl-6">
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700 sm:flex"
                  >
                    {initials(member)}
                  </span>
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">
                      {name}
                      {isYou && <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span>}
                    </p>
                    {member.name && <p className="truncate text-slate-500">{member.email}</p>}
                    <p className="mt-0.5 text-xs text-slate-500 sm:hidden">
                      Joined <RelativeTime value={member.joinedAt} />
                    </p>
                  </div>
                </div>
              </td>
              <td className="px-2 py-3.5 whitespace-nowrap sm:px-4">
                {canManage ? (
                  <div className="flex items-center gap-2">
                    <RoleSelect
                      label={`Role of ${name}`}
                      value={member.role}
                      disabled={pendingId !== null}
                      onChange={(role) => onRoleChange(member, role)}
                      className="h-8 w-24 rounded-md pl-2.5 sm:w-28"
                    />
                    {pendingId === member.id && <Spinner className="size-4 text-slate-400" />}
                  </div>
                ) : (
                  <RoleBadge role={member.role} />
                )}
              </td>
              <td className="hidden px-4 py-3.5 whitespace-nowrap text-slate-700 sm:table-cell">
                <RelativeTime value={member.joinedAt} showAbsolute />
              </td>
              {hasActions && (
                <td className="py-3.5 pr-2 pl-0 text-right sm:px-4 sm:pr-6">
                  {(isYou ? canLeave : canManage) && (
                    <button
                      type="button"
                      aria-label={isYou ? "Leave the workspace" : `Remove ${name}`}
                      onClick={() => onRemove(member)}
                      className="inline-flex size-9 items-center justify-center rounded-md text-sm font-medium text-slate-500 hover:bg-red-50 hover:text-red-600 sm:size-auto sm:px-2.5 sm:py-1.5"
                    >
                      {/* A phone shows the icon alone, leaving the member's name room. */}
                      {isYou ? <SignOutIcon className="size-4 sm:hidden" /> : <TrashIcon className="size-4 sm:hidden" />}
                      <span className="hidden sm:inline">{isYou ? "Leave" : "Remove"}</span>
                    </button>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
