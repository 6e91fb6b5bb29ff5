import { emailSchema } from "@/lib/users/schemas";
import { addWorkspaceMemberInputSchema } from "@/lib/workspaces/schemas";
import { printErr, printOut, type Command } from "./command";

const flagsSchema = addWorkspaceMemberInputSchema.extend({ admin: emailSchema });

export const workspaceAddMember: Command = {
  name: "workspace:add-member",
  summary:
    "Move existing user E2 into the workspace that E1 is an admin of (role defaults to member), with their snaps and folders. " +
    "Their previous workspace is deleted if nobody is left in it.",
  flags: {
    admin: { placeholder: "E1", required: true },
    email: { placeholder: "E2", required: true },
    role: { placeholder: "member|admin", required: false },
  },
  prepare(values) {
    const { admin, email, role } = flagsSchema.parse(values);
    return async () => {
      const { requireUserByEmail } = await import("@/lib/workspaces/find-user-by-email");
      const { addWorkspaceMember } = await import("@/lib/workspaces/add-workspace-member");
      const adminUser = await requireUserByEmail(admin, undefined, "admin");
      const result = await addWorkspaceMember(adminUser.id, { email, role });

      const moved = `${count(result.movedSnaps, "snap")} and ${count(result.movedFolders, "folder")} moved`;
      const previous = result.previousWorkspaceDeleted ? "; their previous workspace, now empty, was deleted" : "";
      printOut(`Added ${result.user.email} to ${adminUser.email}'s workspace as ${result.role}: ${moved}${previous}.`);
      if (result.unsharedSnaps > 0) {
        printErr(`note: ${count(result.unsharedSnaps, "snap")} shared with the previous workspace became private (not shared with the new one).`);
      }
      if (result.previousWorkspaceLeftWithoutAdmin) {
        printErr(`warning: ${result.user.email} was the only admin of their previous workspace, which still has members and now has no admin.`);
      }
    };
  },
};

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
