import { emailSchema } from "@/lib/users/schemas";
import { z } from "zod";
import { printOut, printable, type Command } from "./command";

const flagsSchema = z.object({ email: emailSchema });

/** A key's name, prefix, access level, created and last used, as a table; never the key or its hash. */
export const apikeyList: Command = {
  name: "apikey:list",
  summary: "List the user's active API keys: name, prefix, access (full or read), created, last used.",
  flags: {
    email: { placeholder: "E", required: true },
  },
  prepare(values) {
    const { email } = flagsSchema.parse(values);
    return async () => {
      const { requireUserByEmail } = await import("@/lib/workspaces/find-user-by-email");
      const { listApiKeys } = await import("@/lib/auth/api-keys/list-api-keys");
      const user = await requireUserByEmail(email);
      const keys = await listApiKeys(user.id);
      if (keys.length === 0) {
        printOut(`No active API keys for ${user.email}.`);
        return;
      }
      const rows = keys.map((key) => [
        printable(key.name),
        key.prefix,
        key.access,
        timestamp(key.createdAt),
        key.lastUsedAt ? timestamp(key.lastUsedAt) : "never",
      ]);
      for (const line of table(["NAME", "PREFIX", "ACCESS", "CREATED", "LAST USED"], rows)) printOut(line);
    };
  },
};

function timestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [format(header), ...rows.map(format)];
}
